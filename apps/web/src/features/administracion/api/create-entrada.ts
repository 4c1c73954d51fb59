import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogoEditable, EntradaCatalogo } from '@ecodigital/contracts/administracion';
import type { WriteResponse } from '@ecodigital/contracts/envelope';
import { api } from '../../../lib/api-client';
import { administracionKeys } from './keys';
import { refreshAfterChange } from './refresh-after-change';

/** `POST /api/admin/catalogos/:catalogo` `{ nombre }`. */
async function createEntrada(catalogo: CatalogoEditable, nombre: string): Promise<EntradaCatalogo> {
  const response = await api.post<WriteResponse<EntradaCatalogo>>(`/admin/catalogos/${catalogo}`, { nombre });
  return response.data.data;
}

export function useCreateEntrada(catalogo: CatalogoEditable) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (nombre: string) => createEntrada(catalogo, nombre),
    onSuccess: () => refreshAfterChange(queryClient, administracionKeys.catalogo(catalogo)),
  });
}
