import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Acceso } from '@ecodigital/contracts/accesos';
import type { WriteResponse } from '@ecodigital/contracts/envelope';
import { api } from '../../../lib/api-client';
import { accesosKeys } from './keys';

/** `DELETE /api/expedientes/:id/accesos/:id_acceso`: ends a live grant; the row stays as evidence. */
async function revocarAcceso(id_expediente: number, id_acceso: number): Promise<Acceso> {
  const response = await api.delete<WriteResponse<Acceso>>(`/expedientes/${id_expediente}/accesos/${id_acceso}`);
  return response.data.data;
}

export function useRevocarAcceso(id_expediente: number, onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id_acceso: number) => revocarAcceso(id_expediente, id_acceso),
    // A 409 (already revoked or expired meanwhile) also means the list on screen is out of date.
    onSettled: async (_data, error) => {
      if (!error) onChanged?.();
      await queryClient.invalidateQueries({ queryKey: accesosKeys.detail(id_expediente) });
    },
  });
}
