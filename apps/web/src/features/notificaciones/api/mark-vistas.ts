import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WriteResponse } from '@ecodigital/contracts/envelope';
import type { NotificacionesVistas } from '@ecodigital/contracts/notificaciones';
import { api } from '../../../lib/api-client';
import { notificacionesKeys } from './keys';

/** `POST /api/notificaciones/vistas`, quietly: opening the dropdown is not an action to confirm. */
export async function markVistas(): Promise<NotificacionesVistas> {
  const response = await api.post<WriteResponse<NotificacionesVistas>>('/notificaciones/vistas', {}, { silent: true });
  return response.data.data;
}

export function useMarkVistas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markVistas,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificacionesKeys.all }),
  });
}
