import type { ReadResponse } from '@ecodigital/contracts/envelope';
import type { SessionData } from '@ecodigital/contracts/session';
import { api } from '../lib/api-client';
import { useMenuStore } from './menu.store';
import { useSessionStore } from './session.store';

/** `GET /api/session/get`. Quiet: the seed wants a failed session load logged, not shown. */
export async function fetchSession(): Promise<SessionData> {
  const response = await api.get<ReadResponse<SessionData>>('/session/get', { silent: true });
  return response.data.data;
}

/** Loads the session into the menu store and the session store; true on success, false otherwise. */
export async function loadSession(): Promise<boolean> {
  try {
    const { menu, usuario, permisos } = await fetchSession();
    useMenuStore.getState().setMenu(menu);
    useSessionStore.getState().setSession(usuario, permisos);
    return true;
  } catch (error) {
    console.error('No se pudo cargar la sesión', error);
    return false;
  }
}
