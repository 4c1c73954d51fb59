import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReadResponse, WriteResponse } from '@ecodigital/contracts/envelope';
import type {
  ActaEliminacion,
  ActaResumen,
  AprobarActa,
  CrearActa,
  PendientesDictamen,
} from '@ecodigital/contracts/retencion';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { retencionKeys } from './keys';

/** `GET /api/admin/retencion/pendientes`: the expedientes pendientes de dictamen the person sees. */
export function usePendientes() {
  return useQuery({
    queryKey: retencionKeys.pendientes(),
    queryFn: async ({ signal }) =>
      (await api.get<ReadResponse<PendientesDictamen>>('/admin/retencion/pendientes', { signal })).data.data,
  });
}

/** `GET /api/admin/retencion/actas`: the latest actas de eliminación. */
export function useActas() {
  return useQuery({
    queryKey: retencionKeys.actas(),
    queryFn: async ({ signal }) =>
      (await api.get<ReadResponse<ActaResumen[]>>('/admin/retencion/actas', { signal })).data.data,
  });
}

export function useCrearActa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CrearActa) =>
      (await api.post<WriteResponse<ActaEliminacion>>('/admin/retencion/actas', body)).data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: retencionKeys.all }),
  });
}

export function useDescartarActa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.delete<WriteResponse<ActaResumen>>(`/admin/retencion/actas/${id}`)).data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: retencionKeys.all }),
  });
}

/** `POST /api/admin/retencion/actas/:id/aprobacion` (permission `retencion.aprobar_eliminacion`). */
export function useAprobarActa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: AprobarActa }) =>
      (await api.post<WriteResponse<ActaEliminacion>>(`/admin/retencion/actas/${id}/aprobacion`, body)).data.data,
    // The expedientes' documents and historial changed too.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** The signed PDF of an approved acta. */
export const descargarPdfActa = (acta: Pick<ActaResumen, 'id' | 'numero'>) =>
  downloadFile(`/admin/retencion/actas/${acta.id}/pdf`, {
    accept: 'application/pdf',
    fallbackName: `acta-eliminacion-${acta.numero}.pdf`,
  });
