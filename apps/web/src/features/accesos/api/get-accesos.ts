import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccesosExpediente } from '@ecodigital/contracts/accesos';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import { api } from '../../../lib/api-client';
import { accesosKeys } from './keys';

/** `GET /api/expedientes/:id/accesos`: who sees the expediente and why, and every grant made on it. */
async function fetchAccesos(id_expediente: number, signal?: AbortSignal): Promise<AccesosExpediente> {
  const response = await api.get<ReadResponse<AccesosExpediente>>(`/expedientes/${id_expediente}/accesos`, {
    signal,
  });
  return response.data.data;
}

const accesosQueryOptions = (id_expediente: number) =>
  queryOptions({
    queryKey: accesosKeys.detail(id_expediente),
    queryFn: ({ signal }) => fetchAccesos(id_expediente, signal),
    // Grants expire by date and others grant and revoke: ask again each time the tab opens.
    staleTime: 0,
  });

export function useAccesos(id_expediente: number) {
  return useQuery(accesosQueryOptions(id_expediente));
}
