import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import type { UnidadCatalogo } from '@ecodigital/contracts/expedientes';
import { api } from '../../../lib/api-client';
import { accesosKeys } from './keys';

/** `GET /api/catalogos/unidades`: a grant may name any active unidad (and so the ones below it). */
async function fetchUnidades(signal?: AbortSignal): Promise<UnidadCatalogo[]> {
  const response = await api.get<ReadResponse<UnidadCatalogo[]>>('/catalogos/unidades', { signal });
  return response.data.data;
}

const unidadesQueryOptions = () =>
  queryOptions({
    queryKey: accesosKeys.unidades(),
    queryFn: ({ signal }) => fetchUnidades(signal),
    staleTime: 5 * 60_000,
  });

export function useUnidades(enabled = true) {
  return useQuery({ ...unidadesQueryOptions(), enabled });
}
