import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReadResponse, WriteResponse } from '@ecodigital/contracts/envelope';
import type { AsignarTipo, GuardarSerie, SerieDocumental, TipoRetencion } from '@ecodigital/contracts/retencion';
import { api } from '../../../lib/api-client';
import { retencionKeys } from './keys';

/** `GET /api/admin/retencion/series` (permission `retencion.gestionar`). */
export function useSeries() {
  return useQuery({
    queryKey: retencionKeys.series(),
    queryFn: async ({ signal }) =>
      (await api.get<ReadResponse<SerieDocumental[]>>('/admin/retencion/series', { signal })).data.data,
  });
}

/** `GET /api/admin/retencion/tipos`: each tipo de expediente with its serie and rules. */
export function useTiposRetencion() {
  return useQuery({
    queryKey: retencionKeys.tipos(),
    queryFn: async ({ signal }) =>
      (await api.get<ReadResponse<TipoRetencion[]>>('/admin/retencion/tipos', { signal })).data.data,
  });
}

/** `POST /api/admin/retencion/series` or, with an id, `PUT /api/admin/retencion/series/:id`. */
export function useGuardarSerie() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: number; body: GuardarSerie }) =>
      id === undefined
        ? (await api.post<WriteResponse<SerieDocumental>>('/admin/retencion/series', body)).data.data
        : (await api.put<WriteResponse<SerieDocumental>>(`/admin/retencion/series/${id}`, body)).data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: retencionKeys.all }),
  });
}

/** `PUT /api/admin/retencion/tipos/:id`: the tipo's serie and own rule. */
export function useAsignarTipo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: AsignarTipo }) =>
      (await api.put<WriteResponse<TipoRetencion>>(`/admin/retencion/tipos/${id}`, body)).data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: retencionKeys.all }),
  });
}
