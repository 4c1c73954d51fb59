import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaginaBusqueda } from '@ecodigital/contracts/documentos';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import { api } from '../../../lib/api-client';
import { documentosKeys } from './keys';

export const POR_PAGINA_BUSQUEDA = 10;

/** `GET /api/documentos/buscar`: documents whose text or name match, by relevance, with fragments. */
export async function buscarDocumentos(q: string, page: number, signal?: AbortSignal): Promise<PaginaBusqueda> {
  const response = await api.get<ReadResponse<PaginaBusqueda>>('/documentos/buscar', {
    params: { q, page, pageSize: POR_PAGINA_BUSQUEDA },
    signal,
  });
  return response.data.data;
}

export const busquedaDocumentosQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: documentosKeys.busqueda(q, page),
    queryFn: ({ signal }) => buscarDocumentos(q, page, signal),
    placeholderData: keepPreviousData,
  });

export function useBusquedaDocumentos(q: string, page: number) {
  return useQuery({ ...busquedaDocumentosQueryOptions(q, page), enabled: q.trim().length >= 2 });
}
