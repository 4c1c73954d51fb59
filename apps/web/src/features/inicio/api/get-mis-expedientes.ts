import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import type { MiExpediente } from '@ecodigital/contracts/inicio';
import { api } from '../../../lib/api-client';
import { inicioKeys } from './keys';

/** `GET /api/inicio/mis-expedientes`. Quiet: the block shows its own error. */
async function fetchMisExpedientes(signal?: AbortSignal): Promise<MiExpediente[]> {
  const response = await api.get<ReadResponse<MiExpediente[]>>('/inicio/mis-expedientes', { silent: true, signal });
  return response.data.data;
}

const misExpedientesQueryOptions = () =>
  queryOptions({ queryKey: inicioKeys.misExpedientes(), queryFn: ({ signal }) => fetchMisExpedientes(signal) });

export function useMisExpedientes() {
  return useQuery(misExpedientesQueryOptions());
}
