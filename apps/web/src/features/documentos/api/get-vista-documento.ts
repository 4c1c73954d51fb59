import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Documento } from '@ecodigital/contracts/documentos';
import { api, apiErrorMessage } from '../../../lib/api-client';
import { documentosKeys } from './keys';

/**
 * `GET /api/documentos/:id/vista` (PDF and images only) as a Blob of the document's type, so an
 * `<iframe>` or `<img>` can show it from an object URL: the token never goes into a URL.
 */
async function fetchVistaDocumento(
  documento: Pick<Documento, 'id_documento' | 'mime'>,
  signal?: AbortSignal,
): Promise<Blob> {
  try {
    const response = await api.get<Blob>(`/documentos/${documento.id_documento}/vista`, {
      responseType: 'blob',
      headers: { Accept: documento.mime },
      silent: true,
      signal,
    });
    return response.data.type === documento.mime ? response.data : new Blob([response.data], { type: documento.mime });
  } catch (error) {
    throw new Error(apiErrorMessage(error), { cause: error });
  }
}

const vistaDocumentoQueryOptions = (documento: Pick<Documento, 'id_documento' | 'mime'>) =>
  queryOptions({
    queryKey: documentosKeys.vista(documento.id_documento),
    queryFn: ({ signal }) => fetchVistaDocumento(documento, signal),
    // Each opening fetches again (and is written to the historial); no file kept in memory after closing.
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });

export function useVistaDocumento(documento: Pick<Documento, 'id_documento' | 'mime'> | null) {
  return useQuery({
    ...vistaDocumentoQueryOptions(documento ?? { id_documento: 0, mime: '' }),
    enabled: documento !== null,
  });
}
