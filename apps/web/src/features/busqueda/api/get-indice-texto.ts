import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IndiceTextoEstado } from '@ecodigital/contracts/documentos';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import { api } from '../../../lib/api-client';
import { busquedaKeys } from './keys';

/** `GET /api/admin/indice-texto` (permission `administracion.indice`). */
async function fetchIndiceTexto(signal?: AbortSignal): Promise<IndiceTextoEstado> {
  const response = await api.get<ReadResponse<IndiceTextoEstado>>('/admin/indice-texto', { signal });
  return response.data.data;
}

const indiceTextoQueryOptions = () =>
  queryOptions({
    queryKey: busquedaKeys.indice(),
    queryFn: ({ signal }) => fetchIndiceTexto(signal),
    // Progress of the background work: refreshed while something is pending or running.
    refetchInterval: (query) => {
      const datos = query.state.data;
      return datos && (datos.porEstado.pendiente > 0 || (datos.reindexado && !datos.reindexado.terminado))
        ? 2_000
        : false;
    },
  });

export function useIndiceTexto() {
  return useQuery(indiceTextoQueryOptions());
}
