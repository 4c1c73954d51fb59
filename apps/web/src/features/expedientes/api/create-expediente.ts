import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WriteResponse } from '@ecodigital/contracts/envelope';
import type { CrearExpediente, Expediente } from '@ecodigital/contracts/expedientes';
import { api } from '../../../lib/api-client';
import { expedientesKeys } from './keys';

/** `POST /api/expedientes`; the client shows the server's message. */
async function createExpediente(body: CrearExpediente): Promise<Expediente> {
  const response = await api.post<WriteResponse<Expediente>>('/expedientes', body);
  return response.data.data;
}

export function useCreateExpediente() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExpediente,
    onSuccess: (expediente) => {
      queryClient.setQueryData(expedientesKeys.detail(expediente.id_expediente), expediente);
      return queryClient.invalidateQueries({ queryKey: expedientesKeys.lists() });
    },
  });
}
