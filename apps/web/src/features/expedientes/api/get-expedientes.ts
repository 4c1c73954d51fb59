import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import type { ExpedientesListaQuery, ExpedientesPagina } from '@ecodigital/contracts/expedientes';
import { api } from '../../../lib/api-client';
import { expedientesKeys } from './keys';

/** `GET /api/expedientes`. */
async function fetchExpedientes(query: ExpedientesListaQuery, signal?: AbortSignal): Promise<ExpedientesPagina> {
  const response = await api.get<ReadResponse<ExpedientesPagina>>('/expedientes', {
    params: query,
    signal,
  });
  return response.data.data;
}

const expedientesQueryOptions = (query: ExpedientesListaQuery) =>
  queryOptions({
    queryKey: expedientesKeys.list(query),
    queryFn: ({ signal }) => fetchExpedientes(query, signal),
    // The table keeps showing the previous page while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useExpedientes(query: ExpedientesListaQuery) {
  return useQuery(expedientesQueryOptions(query));
}
