import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import type { Responsable } from '@ecodigital/contracts/expedientes';
import { api } from '../../../lib/api-client';
import { accesosKeys } from './keys';

/** `GET /api/catalogos/responsables`: everyone known from their sign-ins, who may be granted an acceso. */
async function fetchPersonas(signal?: AbortSignal): Promise<Responsable[]> {
  const response = await api.get<ReadResponse<Responsable[]>>('/catalogos/responsables', { signal });
  return response.data.data;
}

const personasQueryOptions = () =>
  queryOptions({
    queryKey: accesosKeys.personas(),
    queryFn: ({ signal }) => fetchPersonas(signal),
    staleTime: 5 * 60_000,
  });

export function usePersonas(enabled = true) {
  return useQuery({ ...personasQueryOptions(), enabled });
}
