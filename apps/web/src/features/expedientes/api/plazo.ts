import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReadResponse, WriteResponse } from '@ecodigital/contracts/envelope';
import type { PlazoDeExpediente, PlazoExpediente } from '@ecodigital/contracts/plazos';
import { api } from '../../../lib/api-client';
import { expedientesKeys } from './keys';

/** `GET /api/expedientes/:id/plazo`: null when its tipo carries no plazo. */
export function usePlazo(id: number, enabled: boolean) {
  return useQuery({
    queryKey: expedientesKeys.plazo(id),
    queryFn: async ({ signal }) =>
      (await api.get<ReadResponse<PlazoDeExpediente>>(`/expedientes/${id}/plazo`, { signal })).data.data.plazo,
    enabled,
  });
}

export type CambioPlazo =
  | { accion: 'suspender'; motivo: string }
  | { accion: 'reanudar'; motivo: string }
  | { accion: 'inicio'; motivo: string; inicio: string };

async function cambiarPlazo(id: number, cambio: CambioPlazo): Promise<PlazoExpediente> {
  const { accion, ...body } = cambio;
  const response =
    accion === 'inicio'
      ? await api.put<WriteResponse<PlazoExpediente>>(`/expedientes/${id}/plazo/inicio`, body)
      : await api.post<WriteResponse<PlazoExpediente>>(
          `/expedientes/${id}/plazo/${accion === 'suspender' ? 'suspension' : 'reanudacion'}`,
          body,
        );
  return response.data.data;
}

/** Suspends, resumes or moves the start of the count; the detail (its plazo included), lists and historial reload. */
export function useCambiarPlazo(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cambio: CambioPlazo) => cambiarPlazo(id, cambio),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: expedientesKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: expedientesKeys.lists() }),
      ]),
  });
}
