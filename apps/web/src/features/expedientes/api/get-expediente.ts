import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import type { Expediente } from '@ecodigital/contracts/expedientes';
import { api, isApiError } from '../../../lib/api-client';
import { expedientesKeys } from './keys';

/** `GET /api/expedientes/:id`. Quiet: the view itself says when the expediente does not exist. */
async function fetchExpediente(id: number, signal?: AbortSignal): Promise<Expediente> {
  const response = await api.get<ReadResponse<Expediente>>(`/expedientes/${id}`, { silent: true, signal });
  return response.data.data;
}

export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.response?.status === 404;
}

export const expedienteQueryOptions = (id: number) =>
  queryOptions({
    queryKey: expedientesKeys.detail(id),
    queryFn: ({ signal }) => fetchExpediente(id, signal),
    retry: (failureCount, error) => !isNotFound(error) && failureCount < 1,
  });

export function useExpediente(id: number) {
  return useQuery(expedienteQueryOptions(id));
}
