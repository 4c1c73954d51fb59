import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocumentoListado } from '@ecodigital/contracts/documentos';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import { api } from '../../../lib/api-client';
import { documentosKeys } from './keys';

/** `GET /api/expedientes/:id/documentos`, by `orden`. */
async function fetchDocumentos(id_expediente: number, signal?: AbortSignal): Promise<DocumentoListado[]> {
  const response = await api.get<ReadResponse<DocumentoListado[]>>(`/expedientes/${id_expediente}/documentos`, {
    signal,
  });
  return response.data.data;
}

const documentosQueryOptions = (id_expediente: number) =>
  queryOptions({
    queryKey: documentosKeys.list(id_expediente),
    queryFn: ({ signal }) => fetchDocumentos(id_expediente, signal),
    // Text is extracted in the background: look again while a document is still pending.
    refetchInterval: (query) =>
      query.state.data?.some((documento) => documento.texto.estado === 'pendiente') ? 3_000 : false,
  });

export function useDocumentos(id_expediente: number) {
  return useQuery(documentosQueryOptions(id_expediente));
}
