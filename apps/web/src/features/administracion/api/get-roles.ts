import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RolesPermisos } from '@ecodigital/contracts/administracion';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import { api } from '../../../lib/api-client';
import { administracionKeys } from './keys';

/** `GET /api/admin/roles`: each role with its permisos (and those it can never lose), and every permiso. */
async function fetchRoles(signal?: AbortSignal): Promise<RolesPermisos> {
  const response = await api.get<ReadResponse<RolesPermisos>>('/admin/roles', { signal });
  return response.data.data;
}

const rolesQueryOptions = () =>
  queryOptions({ queryKey: administracionKeys.roles(), queryFn: ({ signal }) => fetchRoles(signal) });

export function useRoles() {
  return useQuery(rolesQueryOptions());
}
