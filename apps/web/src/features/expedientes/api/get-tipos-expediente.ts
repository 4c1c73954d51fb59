import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import type { CatalogoEntrada } from '@ecodigital/contracts/expedientes';
import { api } from '../../../lib/api-client';
import { catalogosKeys } from './keys';

/** `GET /api/catalogos/tipos-expediente`, deactivated ones included (`activo`): filters still offer them. */
async function fetchTiposExpediente(signal?: AbortSignal): Promise<CatalogoEntrada[]> {
  const response = await api.get<ReadResponse<CatalogoEntrada[]>>('/catalogos/tipos-expediente', { signal });
  return response.data.data;
}

const tiposExpedienteQueryOptions = () =>
  queryOptions({
    queryKey: catalogosKeys.tiposExpediente(),
    queryFn: ({ signal }) => fetchTiposExpediente(signal),
    staleTime: 5 * 60_000,
  });

export function useTiposExpediente() {
  return useQuery(tiposExpedienteQueryOptions());
}
