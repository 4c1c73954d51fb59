import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import type { EstadoTrabajos } from '@ecodigital/contracts/trabajos';
import { api } from '../../../lib/api-client';
import { trabajosKeys } from './keys';

/** `GET /api/admin/trabajos` (permission `administracion.trabajos`). */
async function fetchTrabajos(signal?: AbortSignal): Promise<EstadoTrabajos> {
  return (await api.get<ReadResponse<EstadoTrabajos>>('/admin/trabajos', { signal })).data.data;
}

const trabajosQueryOptions = () =>
  queryOptions({
    queryKey: trabajosKeys.estado(),
    queryFn: ({ signal }) => fetchTrabajos(signal),
    // The queues move on their own: the figures follow while the screen is open.
    refetchInterval: 5_000,
  });

export function useTrabajos() {
  return useQuery(trabajosQueryOptions());
}
