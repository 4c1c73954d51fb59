import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditarUnidad, Unidad } from '@ecodigital/contracts/administracion';
import type { WriteResponse } from '@ecodigital/contracts/envelope';
import { api } from '../../../lib/api-client';
import { administracionKeys } from './keys';
import { refreshAfterChange } from './refresh-after-change';

/** `PATCH /api/admin/unidades/:id`: rename, recode, move (with everything below it) or (de)activate. */
async function updateUnidad(id: number, body: EditarUnidad): Promise<Unidad> {
  const response = await api.patch<WriteResponse<Unidad>>(`/admin/unidades/${id}`, body);
  return response.data.data;
}

export function useUpdateUnidad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: EditarUnidad }) => updateUnidad(id, body),
    onSuccess: () => refreshAfterChange(queryClient, administracionKeys.unidades()),
  });
}
