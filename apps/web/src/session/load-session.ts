import { queryClient } from '../lib/query-client';
import { sessionQuery } from './session-query';

/** Loads the session into the query cache before the app renders; true on success, false otherwise. */
export async function loadSession(): Promise<boolean> {
  try {
    await queryClient.fetchQuery(sessionQuery);
    return true;
  } catch (error) {
    console.error('No se pudo cargar la sesión', error);
    return false;
  }
}
