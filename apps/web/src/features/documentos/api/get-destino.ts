import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import type { Expediente } from '@ecodigital/contracts/expedientes';
import { api, isApiError } from '../../../lib/api-client';
import { documentosKeys } from './keys';

/** What the upload view needs to know of its destination. */
export type Destino = Pick<Expediente, 'id_expediente' | 'numero' | 'asunto' | 'estado' | 'gestion'>;

/**
 * `GET /api/expedientes/:id` for a destination preselected by URL. Quiet: the view says what is
 * wrong. A destination picked from the search list is already known and not fetched again (each
 * read is a "consulta" in the expediente's historial).
 */
async function fetchDestino(id_expediente: number, signal?: AbortSignal): Promise<Destino> {
  const response = await api.get<ReadResponse<Expediente>>(`/expedientes/${id_expediente}`, { silent: true, signal });
  return response.data.data;
}

export function isMissing(error: unknown): boolean {
  return isApiError(error) && (error.response?.status === 404 || error.response?.status === 400);
}

const destinoQueryOptions = (id_expediente: number) =>
  queryOptions({
    queryKey: documentosKeys.destino(id_expediente),
    queryFn: ({ signal }) => fetchDestino(id_expediente, signal),
    retry: (failureCount, error) => !isMissing(error) && failureCount < 1,
  });

export function useDestino(id_expediente: number | null) {
  return useQuery({ ...destinoQueryOptions(id_expediente ?? 0), enabled: id_expediente !== null });
}
