import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReadResponse, WriteResponse } from '@ecodigital/contracts/envelope';
import type { RetencionExpediente } from '@ecodigital/contracts/retencion';
import { api } from '../../../lib/api-client';
import { retencionKeys } from './keys';

/** `GET /api/expedientes/:id/retencion`: its rule, whether it is pending, its holds and its disposal. */
export function useRetencionExpediente(id: number) {
  return useQuery({
    queryKey: retencionKeys.expediente(id),
    queryFn: async ({ signal }) =>
      (await api.get<ReadResponse<RetencionExpediente>>(`/expedientes/${id}/retencion`, { signal })).data.data,
  });
}

/** Sets (`poner`) or lifts (`levantar`) the legal hold of an expediente, with a motivo. */
export function useCambiarRetencionLegal(id: number, onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ accion, motivo }: { accion: 'poner' | 'levantar'; motivo: string }) =>
      (
        await api.post<WriteResponse<RetencionExpediente>>(
          accion === 'poner'
            ? `/expedientes/${id}/retencion-legal`
            : `/expedientes/${id}/retencion-legal/levantamiento`,
          { motivo },
        )
      ).data.data,
    onSuccess: (data) => {
      queryClient.setQueryData(retencionKeys.expediente(id), data);
      void queryClient.invalidateQueries({ queryKey: retencionKeys.pendientes() });
      onChanged?.();
    },
  });
}
