import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditoriaPagina, AuditoriaQuery } from '@ecodigital/contracts/administracion';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import { api } from '../../../lib/api-client';
import { administracionKeys } from './keys';

/** `GET /api/admin/auditoria?entidad=&usuario=&q=&desde=&hasta=&page=`, newest first. */
async function fetchAuditoria(query: AuditoriaQuery, signal?: AbortSignal): Promise<AuditoriaPagina> {
  const response = await api.get<ReadResponse<AuditoriaPagina>>('/admin/auditoria', { params: query, signal });
  return response.data.data;
}

const auditoriaQueryOptions = (query: AuditoriaQuery) =>
  queryOptions({
    queryKey: administracionKeys.auditoriaPagina(query),
    queryFn: ({ signal }) => fetchAuditoria(query, signal),
    placeholderData: keepPreviousData,
    // Every administrator's changes land here: read again whenever the screen is shown.
    staleTime: 0,
  });

export function useAuditoria(query: AuditoriaQuery) {
  return useQuery(auditoriaQueryOptions(query));
}
