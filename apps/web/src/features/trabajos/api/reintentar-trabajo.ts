import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WriteResponse } from '@ecodigital/contracts/envelope';
import type { EstadoTrabajos } from '@ecodigital/contracts/trabajos';
import { api } from '../../../lib/api-client';
import { trabajosKeys } from './keys';

/** `POST /api/admin/trabajos/:id/reintentar`: a failed job back to its queue. */
async function reintentarTrabajo(id: string): Promise<WriteResponse<EstadoTrabajos>> {
  return (await api.post<WriteResponse<EstadoTrabajos>>(`/admin/trabajos/${encodeURIComponent(id)}/reintentar`)).data;
}

export function useReintentarTrabajo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reintentarTrabajo,
    onSuccess: (respuesta) => {
      queryClient.setQueryData(trabajosKeys.estado(), respuesta.data);
    },
  });
}
