import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WriteResponse } from '@ecodigital/contracts/envelope';
import type { CambiarEstado, Expediente } from '@ecodigital/contracts/expedientes';
import { api } from '../../../lib/api-client';
import { applyChangedExpediente, refreshOnConflict } from './refresh-after-change';

/** `POST /api/expedientes/:id/estado`. */
async function changeEstado(id: number, body: CambiarEstado): Promise<Expediente> {
  const response = await api.post<WriteResponse<Expediente>>(`/expedientes/${id}/estado`, body);
  return response.data.data;
}

export function useChangeEstado(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CambiarEstado) => changeEstado(id, body),
    onSuccess: (expediente) => applyChangedExpediente(queryClient, expediente),
    onError: (error) => refreshOnConflict(queryClient, id, error),
  });
}
