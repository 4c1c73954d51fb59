import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WriteResponse } from '@ecodigital/contracts/envelope';
import type { NotificacionesVistas } from '@ecodigital/contracts/notificaciones';
import { api } from '../../../lib/api-client';
import { notificacionesKeys } from './keys';

/**
 * `POST /api/notificaciones/vistas`. Quiet from the bell (opening the dropdown is not an action to
 * confirm); the notifications page's «Marcar todas como leídas» is, and says so. Refreshes both.
 */
async function markVistas({ silent = true }: { silent?: boolean } = {}): Promise<NotificacionesVistas> {
  const response = await api.post<WriteResponse<NotificacionesVistas>>('/notificaciones/vistas', {}, { silent });
  return response.data.data;
}

export function useMarkVistas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (opciones: { silent?: boolean }) => markVistas(opciones),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificacionesKeys.all }),
  });
}
