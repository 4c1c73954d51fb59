import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import type { DocumentosPorTipo } from '@ecodigital/contracts/inicio';
import { api } from '../../../lib/api-client';
import { inicioKeys } from './keys';

/** `GET /api/inicio/por-tipo-documental`. Quiet: the block shows its own error. */
async function fetchPorTipoDocumental(signal?: AbortSignal): Promise<DocumentosPorTipo> {
  const response = await api.get<ReadResponse<DocumentosPorTipo>>('/inicio/por-tipo-documental', {
    silent: true,
    signal,
  });
  return response.data.data;
}

const porTipoDocumentalQueryOptions = () =>
  queryOptions({ queryKey: inicioKeys.porTipoDocumental(), queryFn: ({ signal }) => fetchPorTipoDocumental(signal) });

export function usePorTipoDocumental() {
  return useQuery(porTipoDocumentalQueryOptions());
}
