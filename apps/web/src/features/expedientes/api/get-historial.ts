import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import type { HistorialPagina } from '@ecodigital/contracts/expedientes';
import { api } from '../../../lib/api-client';
import { expedientesKeys } from './keys';

/** `GET /api/expedientes/:id/historial`: one page, newest first, after `cursor` when given. */
async function fetchHistorial(
  id: number,
  { cursor, lecturas }: { cursor?: string; lecturas: boolean },
  signal?: AbortSignal,
): Promise<HistorialPagina> {
  const response = await api.get<ReadResponse<HistorialPagina>>(`/expedientes/${id}/historial`, {
    params: { ...(cursor ? { cursor } : {}), ...(lecturas ? { lecturas: true } : {}) },
    signal,
  });
  return response.data.data;
}

const historialQueryOptions = (id: number, lecturas: boolean) =>
  infiniteQueryOptions({
    queryKey: [...expedientesKeys.historial(id), { lecturas }],
    queryFn: ({ pageParam, signal }) => fetchHistorial(id, { cursor: pageParam, lecturas }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (pagina) => pagina.siguiente ?? undefined,
    // Other people add events (reads, changes): always ask again when the tab opens.
    staleTime: 0,
    // Switching the reads on or off keeps the entries on screen until the other list arrives.
    placeholderData: keepPreviousData,
  });

/** The historial page by page («Cargar más» asks for the next). */
export function useHistorial(id: number, lecturas: boolean) {
  return useInfiniteQuery(historialQueryOptions(id, lecturas));
}
