import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import type { NotificacionesPagina } from '@ecodigital/contracts/notificaciones';
import { api } from '../../../lib/api-client';
import { notificacionesKeys } from './keys';

/** `GET /api/notificaciones/todas`: one page, newest first, after `cursor` when given. */
async function fetchTodas(
  { cursor, soloNoLeidas }: { cursor?: number; soloNoLeidas: boolean },
  signal?: AbortSignal,
): Promise<NotificacionesPagina> {
  const response = await api.get<ReadResponse<NotificacionesPagina>>('/notificaciones/todas', {
    params: { ...(cursor === undefined ? {} : { cursor }), ...(soloNoLeidas ? { no_leidas: true } : {}) },
    signal,
  });
  return response.data.data;
}

const todasQueryOptions = (soloNoLeidas: boolean) =>
  infiniteQueryOptions({
    queryKey: notificacionesKeys.todas(soloNoLeidas),
    queryFn: ({ pageParam, signal }) => fetchTodas({ cursor: pageParam, soloNoLeidas }, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (pagina) => pagina.siguiente ?? undefined,
    // Notifications arrive while the page is away: ask again when it opens.
    staleTime: 0,
  });

/** All the person's notifications page by page («Cargar más» asks for the next). */
export function useTodas(soloNoLeidas: boolean) {
  return useInfiniteQuery(todasQueryOptions(soloNoLeidas));
}
