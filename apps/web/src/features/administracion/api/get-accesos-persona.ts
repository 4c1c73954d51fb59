import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AccesosPersonaPagina, AccesosPersonaQuery } from '@ecodigital/contracts/accesos';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import { api } from '../../../lib/api-client';
import { administracionKeys } from './keys';

/** `GET /api/admin/usuarios/:id/accesos`: a page of the grants the person received or made. */
async function fetchAccesosPersona(
  id_usuario: number,
  query: AccesosPersonaQuery,
  signal?: AbortSignal,
): Promise<AccesosPersonaPagina> {
  const response = await api.get<ReadResponse<AccesosPersonaPagina>>(`/admin/usuarios/${id_usuario}/accesos`, {
    params: { ...query },
    signal,
  });
  return response.data.data;
}

const accesosPersonaQueryOptions = (id_usuario: number, query: AccesosPersonaQuery) =>
  queryOptions({
    queryKey: administracionKeys.accesosPersona(id_usuario, query),
    queryFn: ({ signal }) => fetchAccesosPersona(id_usuario, query, signal),
    // Grants expire by date and are granted and revoked elsewhere: ask again each time.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useAccesosPersona(id_usuario: number, query: AccesosPersonaQuery) {
  return useQuery(accesosPersonaQueryOptions(id_usuario, query));
}
