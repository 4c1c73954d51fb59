import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import type { CatalogoItem } from '@ecodigital/contracts/expedientes';
import { api } from '../../../lib/api-client';
import { catalogosKeys } from './keys';

/** `GET /api/catalogos/unidades`. */
export async function fetchUnidades(signal?: AbortSignal): Promise<CatalogoItem[]> {
  const response = await api.get<ReadResponse<CatalogoItem[]>>('/catalogos/unidades', { signal });
  return response.data.data;
}

export const unidadesQueryOptions = () =>
  queryOptions({
    queryKey: catalogosKeys.unidades(),
    queryFn: ({ signal }) => fetchUnidades(signal),
    staleTime: 5 * 60_000,
  });

export function useUnidades() {
  return useQuery(unidadesQueryOptions());
}
