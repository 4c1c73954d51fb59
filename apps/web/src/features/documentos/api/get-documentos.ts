import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Documento } from '@ecodigital/contracts/documentos';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import { api } from '../../../lib/api-client';
import { documentosKeys } from './keys';

/** `GET /api/expedientes/:id/documentos`, by `orden`. */
export async function fetchDocumentos(id_expediente: number, signal?: AbortSignal): Promise<Documento[]> {
  const response = await api.get<ReadResponse<Documento[]>>(`/expedientes/${id_expediente}/documentos`, { signal });
  return response.data.data;
}

export const documentosQueryOptions = (id_expediente: number) =>
  queryOptions({
    queryKey: documentosKeys.list(id_expediente),
    queryFn: ({ signal }) => fetchDocumentos(id_expediente, signal),
  });

export function useDocumentos(id_expediente: number) {
  return useQuery(documentosQueryOptions(id_expediente));
}
