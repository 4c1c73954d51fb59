import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import type { Responsable } from '@ecodigital/contracts/expedientes';
import { api } from '../../../lib/api-client';
import { catalogosKeys } from './keys';

/** `GET /api/catalogos/responsables`. */
export async function fetchResponsables(signal?: AbortSignal): Promise<Responsable[]> {
  const response = await api.get<ReadResponse<Responsable[]>>('/catalogos/responsables', { signal });
  return response.data.data;
}

export const responsablesQueryOptions = () =>
  queryOptions({
    queryKey: catalogosKeys.responsables(),
    queryFn: ({ signal }) => fetchResponsables(signal),
    staleTime: 5 * 60_000,
  });

export function useResponsables() {
  return useQuery(responsablesQueryOptions());
}
