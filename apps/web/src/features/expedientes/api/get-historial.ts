import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import type { HistorialEvento } from '@ecodigital/contracts/expedientes';
import { api } from '../../../lib/api-client';
import { expedientesKeys } from './keys';

/** `GET /api/expedientes/:id/historial`, newest first. */
export async function fetchHistorial(id: number, signal?: AbortSignal): Promise<HistorialEvento[]> {
  const response = await api.get<ReadResponse<HistorialEvento[]>>(`/expedientes/${id}/historial`, { signal });
  return response.data.data;
}

export const historialQueryOptions = (id: number) =>
  queryOptions({
    queryKey: expedientesKeys.historial(id),
    queryFn: ({ signal }) => fetchHistorial(id, signal),
    // Other people add events (reads, changes): always ask again when the tab opens.
    staleTime: 0,
  });

export function useHistorial(id: number, enabled = true) {
  return useQuery({ ...historialQueryOptions(id), enabled });
}
