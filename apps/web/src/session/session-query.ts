import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadResponse } from '@ecodigital/contracts/envelope';
import type { MenuItem, SessionData, Usuario } from '@ecodigital/contracts/session';
import { api } from '../lib/api-client';

/** `GET /api/session/get`. Quiet: the seed wants a failed session load logged, not shown. */
async function fetchSession(): Promise<SessionData> {
  const response = await api.get<ReadResponse<SessionData>>('/session/get', { silent: true });
  return response.data.data;
}

/**
 * The signed-in person's usuario, permisos and menu: server data, kept by TanStack Query like the
 * rest. Loaded once at start (`main.ts`); it changes only with a new sign-in, which starts a new page.
 */
export const sessionQuery = queryOptions({
  queryKey: ['session'] as const,
  queryFn: fetchSession,
  staleTime: Infinity,
  gcTime: Infinity,
});

const NINGUNO: readonly never[] = [];

export function useUsuario(): Usuario | null {
  return useQuery({ ...sessionQuery, select: (session) => session.usuario }).data ?? null;
}

export function usePermisos(): readonly string[] {
  return useQuery({ ...sessionQuery, select: (session) => session.permisos }).data ?? NINGUNO;
}

export function useMenu(): readonly MenuItem[] {
  return useQuery({ ...sessionQuery, select: (session) => session.menu }).data ?? NINGUNO;
}
