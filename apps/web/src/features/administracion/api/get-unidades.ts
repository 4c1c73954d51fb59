import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Unidad } from '@ecodigital/contracts/administracion';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import { api } from '../../../lib/api-client';
import { administracionKeys } from './keys';

/** `GET /api/admin/unidades`: every unidad, flat (`id_padre` nests them), with its people and expedientes. */
async function fetchUnidades(signal?: AbortSignal): Promise<Unidad[]> {
  const response = await api.get<ReadResponse<Unidad[]>>('/admin/unidades', { signal });
  return response.data.data;
}

const unidadesQueryOptions = () =>
  queryOptions({ queryKey: administracionKeys.unidades(), queryFn: ({ signal }) => fetchUnidades(signal) });

export function useUnidades() {
  return useQuery(unidadesQueryOptions());
}
