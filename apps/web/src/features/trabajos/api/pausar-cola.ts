import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WriteResponse } from '@ecodigital/contracts/envelope';
import type { EstadoTrabajos } from '@ecodigital/contracts/trabajos';
import { api } from '../../../lib/api-client';
import { trabajosKeys } from './keys';

/** `POST /api/admin/trabajos/colas/:cola/pausar` or `…/reanudar`. */
async function pausarCola({ cola, pausar }: { cola: string; pausar: boolean }): Promise<WriteResponse<EstadoTrabajos>> {
  const accion = pausar ? 'pausar' : 'reanudar';
  return (await api.post<WriteResponse<EstadoTrabajos>>(`/admin/trabajos/colas/${encodeURIComponent(cola)}/${accion}`))
    .data;
}

export function usePausarCola() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pausarCola,
    onSuccess: (respuesta) => {
      queryClient.setQueryData(trabajosKeys.estado(), respuesta.data);
    },
  });
}
