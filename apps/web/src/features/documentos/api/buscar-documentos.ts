import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaginaBusqueda } from '@ecodigital/contracts/documentos';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import { api } from '../../../lib/api-client';
import type { ConsultaDocumentos } from '../busqueda-params';
import { documentosKeys } from './keys';

export const POR_PAGINA_BUSQUEDA = 10;

/** `GET /api/documentos/buscar`: documents whose text or name match, by relevance, with fragments. */
async function buscarDocumentos(
  consulta: ConsultaDocumentos,
  page: number,
  signal?: AbortSignal,
): Promise<PaginaBusqueda> {
  const response = await api.get<ReadResponse<PaginaBusqueda>>('/documentos/buscar', {
    params: { ...consulta, page, pageSize: POR_PAGINA_BUSQUEDA },
    signal,
  });
  return response.data.data;
}

const busquedaDocumentosQueryOptions = (consulta: ConsultaDocumentos, page: number) =>
  queryOptions({
    queryKey: documentosKeys.busqueda(consulta, page),
    queryFn: ({ signal }) => buscarDocumentos(consulta, page, signal),
    placeholderData: keepPreviousData,
  });

export function useBusquedaDocumentos(consulta: ConsultaDocumentos, page: number) {
  return useQuery({ ...busquedaDocumentosQueryOptions(consulta, page), enabled: consulta.q.trim().length >= 2 });
}
