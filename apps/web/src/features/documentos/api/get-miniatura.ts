import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { documentosKeys } from './keys';

/** `GET /api/documentos/:id/miniatura`: a JPEG fetched with the token (never in a URL), as a Blob. */
async function fetchMiniatura(id_documento: number, signal?: AbortSignal): Promise<Blob> {
  const response = await api.get<Blob>(`/documentos/${id_documento}/miniatura`, {
    responseType: 'blob',
    headers: { Accept: 'image/jpeg' },
    silent: true,
    signal,
  });
  return response.data;
}

const miniaturaQueryOptions = (id_documento: number) =>
  queryOptions({
    queryKey: documentosKeys.miniatura(id_documento),
    queryFn: ({ signal }) => fetchMiniatura(id_documento, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useMiniatura(id_documento: number, enabled: boolean) {
  return useQuery({ ...miniaturaQueryOptions(id_documento), enabled });
}
