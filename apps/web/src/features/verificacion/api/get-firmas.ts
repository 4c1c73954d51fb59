import { useQuery } from '@tanstack/react-query';
import type { FirmasExpediente } from '@ecodigital/contracts/eni';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import { api } from '../../../lib/api-client';
import { verificacionKeys } from './keys';

/** `GET /api/expedientes/:id/firmas`: the signatures of the índice, each with its CSV. Quiet: the list hides itself on error. */
async function fetchFirmas(id_expediente: number, signal?: AbortSignal): Promise<FirmasExpediente> {
  const response = await api.get<ReadResponse<FirmasExpediente>>(`/expedientes/${id_expediente}/firmas`, {
    signal,
    silent: true,
  });
  return response.data.data;
}

export function useFirmasIndice(id_expediente: number, enabled: boolean) {
  return useQuery({
    queryKey: verificacionKeys.firmas(id_expediente),
    queryFn: ({ signal }) => fetchFirmas(id_expediente, signal),
    enabled,
  });
}
