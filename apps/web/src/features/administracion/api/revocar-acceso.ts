import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccesoDePersona } from '@ecodigital/contracts/accesos';
import type { WriteResponse } from '@ecodigital/contracts/envelope';
import { api } from '../../../lib/api-client';
import { administracionKeys } from './keys';
import { refreshAfterChange } from './refresh-after-change';

/** `DELETE /api/admin/accesos/:id`: ends a live grant, and those derived from it, from Administración. */
async function revocarAcceso(id_acceso: number): Promise<AccesoDePersona> {
  const response = await api.delete<WriteResponse<AccesoDePersona>>(`/admin/accesos/${id_acceso}`);
  return response.data.data;
}

export function useRevocarAcceso(id_usuario: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revocarAcceso,
    // A 409 (ended meanwhile) also means the list on screen is out of date; what others see changed too.
    onSettled: () => refreshAfterChange(queryClient, administracionKeys.accesosPersona(id_usuario)),
  });
}
