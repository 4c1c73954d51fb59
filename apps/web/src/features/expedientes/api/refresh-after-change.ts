import type { QueryClient } from '@tanstack/react-query';
import type { Expediente } from '@ecodigital/contracts/expedientes';
import { expedientesKeys } from './keys';
import { errorCodeOf, isApiError } from '../../../lib/api-client';

/** After a successful change: the answer is the new detail; lists and history are out of date. */
export function applyChangedExpediente(queryClient: QueryClient, expediente: Expediente): Promise<void> {
  queryClient.setQueryData(expedientesKeys.detail(expediente.id_expediente), expediente);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: expedientesKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: expedientesKeys.historial(expediente.id_expediente) }),
  ]).then(() => undefined);
}

/**
 * A 409 means someone else changed the expediente (stale version) or it is closed: the client has
 * already shown the server's message; reload what is on screen so the next try starts from it.
 */
export function refreshOnConflict(queryClient: QueryClient, id: number, error: unknown): Promise<void> | undefined {
  if (!isApiError(error) || error.response?.status !== 409) return undefined;
  return queryClient.invalidateQueries({ queryKey: expedientesKeys.detail(id) });
}

/** The 409 of a stale version: someone else saved the expediente after it was read. */
export const VERSION_CONFLICT = 'VERSION_CONFLICT';

export function isVersionConflict(error: unknown): boolean {
  return isApiError(error) && error.response?.status === 409 && errorCodeOf(error) === VERSION_CONFLICT;
}
