import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogoEditable, EditarEntradaCatalogo, EntradaCatalogo } from '@ecodigital/contracts/administracion';
import type { WriteResponse } from '@ecodigital/contracts/envelope';
import { api } from '../../../lib/api-client';
import { administracionKeys } from './keys';
import { refreshAfterChange } from './refresh-after-change';

/** `PATCH /api/admin/catalogos/:catalogo/:id` `{ nombre?, activo? }` (409: a tipo documental in use keeps its name). */
async function updateEntrada(
  catalogo: CatalogoEditable,
  id: number,
  body: EditarEntradaCatalogo,
): Promise<EntradaCatalogo> {
  const response = await api.patch<WriteResponse<EntradaCatalogo>>(`/admin/catalogos/${catalogo}/${id}`, body);
  return response.data.data;
}

export function useUpdateEntrada(catalogo: CatalogoEditable) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: EditarEntradaCatalogo }) => updateEntrada(catalogo, id, body),
    onSuccess: () => refreshAfterChange(queryClient, administracionKeys.catalogo(catalogo)),
  });
}
