import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PersonasPagina, PersonasQuery } from '@ecodigital/contracts/administracion';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import { api } from '../../../lib/api-client';
import { administracionKeys } from './keys';

/** `GET /api/admin/usuarios?q=&unidad=&page=`: a page of people, and who keeps their unidades. */
async function fetchPersonas(query: PersonasQuery, signal?: AbortSignal): Promise<PersonasPagina> {
  const response = await api.get<ReadResponse<PersonasPagina>>('/admin/usuarios', { params: query, signal });
  return response.data.data;
}

const personasQueryOptions = (query: PersonasQuery) =>
  queryOptions({
    queryKey: administracionKeys.personasPagina(query),
    queryFn: ({ signal }) => fetchPersonas(query, signal),
    placeholderData: keepPreviousData,
  });

export function usePersonas(query: PersonasQuery) {
  return useQuery(personasQueryOptions(query));
}
