import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RolesPermisos } from '@ecodigital/contracts/administracion';
import type { WriteResponse } from '@ecodigital/contracts/envelope';
import { api } from '../../../lib/api-client';
import { administracionKeys } from './keys';
import { refreshAfterChange } from './refresh-after-change';

/** `PUT /api/admin/roles/:rol/permisos`: exactly these permisos; answers every role as it now is. */
async function updatePermisos(rol: string, permisos: string[]): Promise<RolesPermisos> {
  const response = await api.put<WriteResponse<RolesPermisos>>(`/admin/roles/${encodeURIComponent(rol)}/permisos`, {
    permisos,
  });
  return response.data.data;
}

/** Saves several roles one after the other; stops at the first refusal (the client said why). */
export function useUpdatePermisos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (cambios: { rol: string; permisos: string[] }[]) => {
      for (const { rol, permisos } of cambios) await updatePermisos(rol, permisos);
    },
    // Also after a refusal half-way: some roles may already be saved.
    onSettled: () => refreshAfterChange(queryClient, administracionKeys.roles()),
  });
}
