import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import type { UnidadCatalogo } from '@ecodigital/contracts/expedientes';
import { api } from '../../../lib/api-client';
import { catalogosKeys, type AmbitoUnidades } from './keys';

/**
 * `GET /api/catalogos/unidades`: every unidad (filters, transfers), or with `ambito=creacion` only
 * the active ones where the caller may open an expediente (the create form).
 */
async function fetchUnidades(ambito: AmbitoUnidades, signal?: AbortSignal): Promise<UnidadCatalogo[]> {
  const response = await api.get<ReadResponse<UnidadCatalogo[]>>('/catalogos/unidades', {
    params: ambito === 'creacion' ? { ambito } : {},
    signal,
  });
  return response.data.data;
}

const unidadesQueryOptions = (ambito: AmbitoUnidades = 'todas') =>
  queryOptions({
    queryKey: catalogosKeys.unidades(ambito),
    queryFn: ({ signal }) => fetchUnidades(ambito, signal),
    staleTime: 5 * 60_000,
  });

export function useUnidades(ambito: AmbitoUnidades = 'todas', enabled = true) {
  return useQuery({ ...unidadesQueryOptions(ambito), enabled });
}
