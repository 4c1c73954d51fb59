import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { WriteResponse } from '@ecodigital/contracts/envelope';
import type { Expediente, TransferirExpediente } from '@ecodigital/contracts/expedientes';
import { api } from '../../../lib/api-client';
import { expedienteQueryOptions, isNotFound } from './get-expediente';
import { expedientesKeys } from './keys';
import { applyChangedExpediente, refreshOnConflict } from './refresh-after-change';

/** `POST /api/expedientes/:id/transferir`: hands it to another unidad, with a motivo. */
async function transferirExpediente(id: number, body: TransferirExpediente): Promise<Expediente> {
  const response = await api.post<WriteResponse<Expediente>>(`/expedientes/${id}/transferir`, body);
  return response.data.data;
}

export function useTransferirExpediente(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferirExpediente) => transferirExpediente(id, body),
    onSuccess: (expediente) => applyChangedExpediente(queryClient, expediente),
    onError: (error) => refreshOnConflict(queryClient, id, error),
  });
}

/**
 * Whether the caller still sees the expediente after handing it away: the answer to the transfer
 * says how it now is, not whether they may still read it (their unidad may have been their only
 * reason). Reads it again; a 404 means it has left their sight, and its cached detail goes too.
 */
export async function sigueVisible(queryClient: QueryClient, id: number): Promise<boolean> {
  try {
    await queryClient.fetchQuery({ ...expedienteQueryOptions(id), staleTime: 0 });
    return true;
  } catch (error) {
    if (!isNotFound(error)) return true;
    queryClient.removeQueries({ queryKey: expedientesKeys.detail(id) });
    return false;
  }
}
