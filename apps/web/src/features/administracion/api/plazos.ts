import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReadResponse, WriteResponse } from '@ecodigital/contracts/envelope';
import type { CrearFestivo, Festivo, PlazoTipo, TipoConPlazo } from '@ecodigital/contracts/plazos';
import { api } from '../../../lib/api-client';
import { administracionKeys } from './keys';
import { refreshAfterChange } from './refresh-after-change';

/** `GET /api/admin/plazos/tipos`: each tipo de expediente with its plazo de resolución. */
export function usePlazosTipos(enabled = true) {
  return useQuery({
    enabled,
    queryKey: administracionKeys.plazosTipos(),
    queryFn: async ({ signal }) =>
      (await api.get<ReadResponse<TipoConPlazo[]>>('/admin/plazos/tipos', { signal })).data.data,
  });
}

/** `PUT /api/admin/plazos/tipos/:id`: the open expedientes of the tipo follow it. */
export function useFijarPlazoTipo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, plazo }: { id: number; plazo: PlazoTipo | null }) =>
      (await api.put<WriteResponse<TipoConPlazo>>(`/admin/plazos/tipos/${id}`, { plazo })).data.data,
    onSuccess: () => refreshAfterChange(queryClient, administracionKeys.plazosTipos()),
  });
}

/** `GET /api/admin/calendario?anio=`: the holidays of a year. */
export function useFestivos(anio: number) {
  return useQuery({
    queryKey: administracionKeys.calendario(anio),
    queryFn: async ({ signal }) =>
      (await api.get<ReadResponse<Festivo[]>>('/admin/calendario', { params: { anio }, signal })).data.data,
  });
}

export function useCrearFestivo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CrearFestivo) =>
      (await api.post<WriteResponse<Festivo>>('/admin/calendario', body)).data.data,
    onSuccess: () => refreshAfterChange(queryClient, administracionKeys.calendarios()),
  });
}

export function useBorrarFestivo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.delete<WriteResponse<Festivo>>(`/admin/calendario/${id}`)).data.data,
    onSuccess: () => refreshAfterChange(queryClient, administracionKeys.calendarios()),
  });
}
