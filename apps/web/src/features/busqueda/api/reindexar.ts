import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IndiceTextoEstado, Reindexar } from '@ecodigital/contracts/documentos';
import type { WriteResponse } from '@ecodigital/contracts/envelope';
import { api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { busquedaKeys } from './keys';

/** `POST /api/admin/indice-texto/reindexar`: starts a re-indexing in the background. */
async function reindexar(cuerpo: Reindexar): Promise<WriteResponse<IndiceTextoEstado>> {
  return (await api.post<WriteResponse<IndiceTextoEstado>>('/admin/indice-texto/reindexar', cuerpo)).data;
}

export function useReindexar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reindexar,
    onSuccess: (respuesta) => {
      queryClient.setQueryData(busquedaKeys.indice(), respuesta.data);
      toast.show({ severity: 'success', summary: 'Reindexado', detail: respuesta.msg });
    },
  });
}
