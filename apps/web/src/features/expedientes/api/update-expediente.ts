import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WriteResponse } from '@ecodigital/contracts/envelope';
import type { EditarExpediente, Expediente } from '@ecodigital/contracts/expedientes';
import { api } from '../../../lib/api-client';
import { applyChangedExpediente, refreshOnConflict, VERSION_CONFLICT } from './refresh-after-change';

/**
 * `PATCH /api/expedientes/:id` with only the changed fields and the version read. A stale version
 * gets no toast: the edit form shows what changed in place (`ConflictoEdicion`).
 */
async function updateExpediente(id: number, body: EditarExpediente): Promise<Expediente> {
  const response = await api.patch<WriteResponse<Expediente>>(`/expedientes/${id}`, body, {
    handledErrorCodes: [VERSION_CONFLICT],
  });
  return response.data.data;
}

export function useUpdateExpediente(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditarExpediente) => updateExpediente(id, body),
    onSuccess: (expediente) => applyChangedExpediente(queryClient, expediente),
    onError: (error) => refreshOnConflict(queryClient, id, error),
  });
}
