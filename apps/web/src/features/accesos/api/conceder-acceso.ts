import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Acceso, ConcederAcceso } from '@ecodigital/contracts/accesos';
import type { WriteResponse } from '@ecodigital/contracts/envelope';
import { api } from '../../../lib/api-client';
import { accesosKeys } from './keys';

/** `POST /api/expedientes/:id/accesos`; the client shows the server's message. */
async function concederAcceso(id_expediente: number, body: ConcederAcceso): Promise<Acceso> {
  const response = await api.post<WriteResponse<Acceso>>(`/expedientes/${id_expediente}/accesos`, body);
  return response.data.data;
}

export function useConcederAcceso(id_expediente: number, onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConcederAcceso) => concederAcceso(id_expediente, body),
    onSuccess: async () => {
      onChanged?.();
      await queryClient.invalidateQueries({ queryKey: accesosKeys.detail(id_expediente) });
    },
  });
}
