import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import type { ExpedienteResumen, ExpedientesPagina } from '@ecodigital/contracts/expedientes';
import { ESTADOS_ACTIVOS } from '@ecodigital/contracts/expedientes.rules';
import { api } from '../../../lib/api-client';
import { documentosKeys } from './keys';

const DESTINOS_PAGE_SIZE = 10;

/**
 * `GET /api/expedientes?q=…&estado=abierto&estado=en_tramite&gestion=true`: only expedientes that
 * admit documents and that the person may change (seeing one through a grant of lectura is not enough).
 */
async function searchDestinos(q: string, signal?: AbortSignal): Promise<ExpedienteResumen[]> {
  const response = await api.get<ReadResponse<ExpedientesPagina>>('/expedientes', {
    params: { ...(q ? { q } : {}), estado: ESTADOS_ACTIVOS, gestion: true, pageSize: DESTINOS_PAGE_SIZE },
    signal,
  });
  return response.data.data.items;
}

const destinosQueryOptions = (q: string) =>
  queryOptions({
    queryKey: documentosKeys.busquedaDestinos(q),
    queryFn: ({ signal }) => searchDestinos(q, signal),
    placeholderData: keepPreviousData,
  });

export function useDestinos(q: string, enabled = true) {
  return useQuery({ ...destinosQueryOptions(q), enabled });
}
