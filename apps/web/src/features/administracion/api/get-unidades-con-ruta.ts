import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import type { UnidadCatalogo } from '@ecodigital/contracts/expedientes';
import { api } from '../../../lib/api-client';
import { administracionKeys } from './keys';

/**
 * `GET /api/catalogos/unidades`: every unidad named by its ruta («Hacienda › Tesorería»). The people
 * screen reads it rather than `/admin/unidades`, which needs another permiso.
 */
async function fetchUnidadesConRuta(signal?: AbortSignal): Promise<UnidadCatalogo[]> {
  const response = await api.get<ReadResponse<UnidadCatalogo[]>>('/catalogos/unidades', { signal });
  return response.data.data;
}

const unidadesConRutaQueryOptions = () =>
  queryOptions({
    queryKey: administracionKeys.unidadesConRuta(),
    queryFn: ({ signal }) => fetchUnidadesConRuta(signal),
  });

export function useUnidadesConRuta() {
  return useQuery(unidadesConRutaQueryOptions());
}
