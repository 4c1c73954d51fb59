import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DenegacionesPagina, DenegacionesQuery } from '@ecodigital/contracts/administracion';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import { api } from '../../../lib/api-client';
import { administracionKeys } from './keys';

/** `GET /api/admin/denegaciones?dias=&page=`: the people refused, the most refused first. */
async function fetchDenegaciones(query: DenegacionesQuery, signal?: AbortSignal): Promise<DenegacionesPagina> {
  const response = await api.get<ReadResponse<DenegacionesPagina>>('/admin/denegaciones', { params: query, signal });
  return response.data.data;
}

const denegacionesQueryOptions = (query: DenegacionesQuery) =>
  queryOptions({
    queryKey: administracionKeys.denegaciones(query),
    queryFn: ({ signal }) => fetchDenegaciones(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useDenegaciones(query: DenegacionesQuery) {
  return useQuery(denegacionesQueryOptions(query));
}
