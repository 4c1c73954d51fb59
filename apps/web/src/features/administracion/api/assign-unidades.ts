import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PersonaAdmin } from '@ecodigital/contracts/administracion';
import type { WriteResponse } from '@ecodigital/contracts/envelope';
import { api } from '../../../lib/api-client';
import { administracionKeys } from './keys';
import { refreshAfterChange } from './refresh-after-change';

/** `PUT /api/admin/usuarios/:id/unidades`: exactly these unidades (409 when the identity provider keeps them). */
async function assignUnidades(id_usuario: number, unidades: number[]): Promise<PersonaAdmin> {
  const response = await api.put<WriteResponse<PersonaAdmin>>(`/admin/usuarios/${id_usuario}/unidades`, { unidades });
  return response.data.data;
}

export function useAssignUnidades() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id_usuario, unidades }: { id_usuario: number; unidades: number[] }) =>
      assignUnidades(id_usuario, unidades),
    // A unidad's member count changes too.
    onSuccess: () => refreshAfterChange(queryClient, administracionKeys.personas()),
  });
}
