import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import type { Responsable } from '@ecodigital/contracts/expedientes';
import { api } from '../../../lib/api-client';
import { catalogosKeys } from './keys';

/**
 * `GET /api/catalogos/responsables`: everyone known (filters) or, with `unidad`, the people who may
 * answer for an expediente of it (they belong to it or to a unidad above it).
 */
async function fetchResponsables(unidad: number | undefined, signal?: AbortSignal): Promise<Responsable[]> {
  const response = await api.get<ReadResponse<Responsable[]>>('/catalogos/responsables', {
    params: unidad === undefined ? {} : { unidad },
    signal,
  });
  return response.data.data;
}

const responsablesQueryOptions = (unidad?: number) =>
  queryOptions({
    queryKey: catalogosKeys.responsables(unidad),
    queryFn: ({ signal }) => fetchResponsables(unidad, signal),
    staleTime: 5 * 60_000,
  });

/** Everyone known, or who may answer for an expediente of `unidad`; `enabled` false waits (no unidad chosen yet). */
export function useResponsables(unidad?: number, enabled = true) {
  return useQuery({ ...responsablesQueryOptions(unidad), enabled });
}
