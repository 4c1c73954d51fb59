import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import type { CatalogoEntrada } from '@ecodigital/contracts/expedientes';
import { api } from '../../../lib/api-client';
import { documentosKeys } from './keys';

/** `GET /api/catalogos/tipos-documentales`, deactivated ones included (`activo`). */
async function fetchTiposDocumentales(signal?: AbortSignal): Promise<CatalogoEntrada[]> {
  const response = await api.get<ReadResponse<CatalogoEntrada[]>>('/catalogos/tipos-documentales', { signal });
  return response.data.data;
}

const tiposDocumentalesQueryOptions = () =>
  queryOptions({
    queryKey: documentosKeys.tiposDocumentales(),
    queryFn: ({ signal }) => fetchTiposDocumentales(signal),
    // Administrators change catalogues rarely; the upload view asks again after a few minutes.
    staleTime: 5 * 60_000,
  });

export function useTiposDocumentales() {
  return useQuery(tiposDocumentalesQueryOptions());
}
