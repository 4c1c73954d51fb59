import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import type { ExpedientesPorMes } from '@ecodigital/contracts/inicio';
import { api } from '../../../lib/api-client';
import { inicioKeys } from './keys';

/** `GET /api/inicio/por-mes`. Quiet: the block shows its own error. */
async function fetchPorMes(signal?: AbortSignal): Promise<ExpedientesPorMes> {
  const response = await api.get<ReadResponse<ExpedientesPorMes>>('/inicio/por-mes', { silent: true, signal });
  return response.data.data;
}

const porMesQueryOptions = () =>
  queryOptions({ queryKey: inicioKeys.porMes(), queryFn: ({ signal }) => fetchPorMes(signal) });

export function usePorMes() {
  return useQuery(porMesQueryOptions());
}
