import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import type { EstadoIntegridad } from '@ecodigital/contracts/integridad';
import { api } from '../../../lib/api-client';
import { integridadKeys } from './keys';

/** `GET /api/admin/integridad` (permission `administracion.integridad`). */
async function fetchIntegridad(signal?: AbortSignal): Promise<EstadoIntegridad> {
  return (await api.get<ReadResponse<EstadoIntegridad>>('/admin/integridad', { signal })).data.data;
}

const integridadQueryOptions = () =>
  queryOptions({
    queryKey: integridadKeys.estado(),
    queryFn: ({ signal }) => fetchIntegridad(signal),
    // The round moves on its own: its progress follows while the screen is open.
    refetchInterval: 10_000,
  });

export function useIntegridad() {
  return useQuery(integridadQueryOptions());
}
