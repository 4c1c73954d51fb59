import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import type { Responsable } from '@ecodigital/contracts/expedientes';
import { api } from '../../../lib/api-client';
import { administracionKeys } from './keys';

/**
 * `GET /api/catalogos/responsables`: everyone known, for the auditoría's «Persona» filter. Quiet: an
 * auditor without the permiso to read it simply gets no list to pick from.
 */
async function fetchUsuarios(signal?: AbortSignal): Promise<Responsable[]> {
  const response = await api.get<ReadResponse<Responsable[]>>('/catalogos/responsables', { signal, silent: true });
  return response.data.data;
}

const usuariosQueryOptions = () =>
  queryOptions({ queryKey: administracionKeys.usuarios(), queryFn: ({ signal }) => fetchUsuarios(signal) });

export function useUsuarios() {
  return useQuery(usuariosQueryOptions());
}
