import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import type { CatalogoItem } from '@ecodigital/contracts/expedientes';
import { api } from '../../../lib/api-client';
import { documentosKeys } from './keys';

/** `GET /api/catalogos/tipos-documentales`. */
export async function fetchTiposDocumentales(signal?: AbortSignal): Promise<CatalogoItem[]> {
  const response = await api.get<ReadResponse<CatalogoItem[]>>('/catalogos/tipos-documentales', { signal });
  return response.data.data;
}

export const tiposDocumentalesQueryOptions = () =>
  queryOptions({
    queryKey: documentosKeys.tiposDocumentales(),
    queryFn: ({ signal }) => fetchTiposDocumentales(signal),
    // A catalogue: changes with a release, not during a session.
    staleTime: Infinity,
  });

export function useTiposDocumentales() {
  return useQuery(tiposDocumentalesQueryOptions());
}
