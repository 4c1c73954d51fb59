import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import type { ActividadEvento } from '@ecodigital/contracts/inicio';
import { api } from '../../../lib/api-client';
import { inicioKeys } from './keys';

/** `GET /api/inicio/actividad`. Quiet: the block shows its own error. */
async function fetchActividad(signal?: AbortSignal): Promise<ActividadEvento[]> {
  const response = await api.get<ReadResponse<ActividadEvento[]>>('/inicio/actividad', { silent: true, signal });
  return response.data.data;
}

const actividadQueryOptions = () =>
  queryOptions({ queryKey: inicioKeys.actividad(), queryFn: ({ signal }) => fetchActividad(signal) });

export function useActividad() {
  return useQuery(actividadQueryOptions());
}
