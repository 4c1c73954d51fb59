import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogoEditable, EntradaCatalogo } from '@ecodigital/contracts/administracion';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import { api } from '../../../lib/api-client';
import { administracionKeys } from './keys';

/** `GET /api/admin/catalogos/tipos` or `/tipos-documentales`: every entry, active or not, and its use. */
async function fetchCatalogo(catalogo: CatalogoEditable, signal?: AbortSignal): Promise<EntradaCatalogo[]> {
  const response = await api.get<ReadResponse<EntradaCatalogo[]>>(`/admin/catalogos/${catalogo}`, { signal });
  return response.data.data;
}

const catalogoQueryOptions = (catalogo: CatalogoEditable) =>
  queryOptions({
    queryKey: administracionKeys.catalogo(catalogo),
    queryFn: ({ signal }) => fetchCatalogo(catalogo, signal),
  });

export function useCatalogo(catalogo: CatalogoEditable) {
  return useQuery(catalogoQueryOptions(catalogo));
}
