import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import type { CifrasInicio } from '@ecodigital/contracts/inicio';
import { api } from '../../../lib/api-client';
import { inicioKeys } from './keys';

/** `GET /api/inicio/cifras`. Quiet: the block shows its own error. */
async function fetchCifras(signal?: AbortSignal): Promise<CifrasInicio> {
  const response = await api.get<ReadResponse<CifrasInicio>>('/inicio/cifras', { silent: true, signal });
  return response.data.data;
}

const cifrasQueryOptions = () =>
  queryOptions({ queryKey: inicioKeys.cifras(), queryFn: ({ signal }) => fetchCifras(signal) });

export function useCifras() {
  return useQuery(cifrasQueryOptions());
}
