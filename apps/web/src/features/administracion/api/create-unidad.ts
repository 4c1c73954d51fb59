import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CrearUnidad, Unidad } from '@ecodigital/contracts/administracion';
import type { WriteResponse } from '@ecodigital/contracts/envelope';
import { api } from '../../../lib/api-client';
import { administracionKeys } from './keys';
import { refreshAfterChange } from './refresh-after-change';

/** `POST /api/admin/unidades`; the client shows the server's message (409 on a repeated code or name). */
async function createUnidad(body: CrearUnidad): Promise<Unidad> {
  const response = await api.post<WriteResponse<Unidad>>('/admin/unidades', body);
  return response.data.data;
}

export function useCreateUnidad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUnidad,
    onSuccess: () => refreshAfterChange(queryClient, administracionKeys.unidades()),
  });
}
