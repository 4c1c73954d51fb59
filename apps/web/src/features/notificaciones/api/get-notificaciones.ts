import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import type { Notificaciones } from '@ecodigital/contracts/notificaciones';
import { api } from '../../../lib/api-client';
import { NOTIFICATIONS_REFRESH_MS } from '../../../lib/constants';
import { notificacionesKeys } from './keys';

/** `GET /api/notificaciones`. Quiet: a failed background refresh must not toast every minute. */
async function fetchNotificaciones(signal?: AbortSignal): Promise<Notificaciones> {
  const response = await api.get<ReadResponse<Notificaciones>>('/notificaciones', { silent: true, signal });
  return response.data.data;
}

// TanStack Query pauses the interval while the tab is hidden (refetchIntervalInBackground: false).
const notificacionesQueryOptions = () =>
  queryOptions({
    queryKey: notificacionesKeys.resumen(),
    queryFn: ({ signal }) => fetchNotificaciones(signal),
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

export function useNotificaciones() {
  return useQuery(notificacionesQueryOptions());
}
