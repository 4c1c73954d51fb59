import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeclararRol, RolesPermisos } from '@ecodigital/contracts/administracion';
import type { WriteResponse } from '@ecodigital/contracts/envelope';
import { api } from '../../../lib/api-client';
import { administracionKeys } from './keys';
import { refreshAfterChange } from './refresh-after-change';

/** `POST /api/admin/roles`: declares a role so it may be given permisos; answers every role as it now is. */
async function declareRol(body: DeclararRol): Promise<RolesPermisos> {
  const response = await api.post<WriteResponse<RolesPermisos>>('/admin/roles', body);
  return response.data.data;
}

export function useDeclareRol() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declareRol,
    onSuccess: () => refreshAfterChange(queryClient, administracionKeys.roles()),
  });
}
