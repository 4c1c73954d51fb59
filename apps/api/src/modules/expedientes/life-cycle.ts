import {
  ESTADOS_ACTIVOS,
  requiereMotivo,
  TRANSICIONES,
  type EstadoExpediente,
} from '@ecodigital/contracts/expedientes';
import { solicitudNoValida } from '../../shared/errors';
import { expedienteCerrado, MENSAJES_EXPEDIENTE, transicionNoPermitida } from './expedientes.mensajes';

/**
 * The life cycle of an expediente, enforced here and nowhere else (the states and transitions
 * themselves are the shared contract's, `expedientes.rules.ts`):
 *
 *   abierto → en trámite → cerrado → archivado, and cerrado → en trámite (reopening, with a motivo).
 *
 * An expediente that is cerrado or archivado accepts no change: no edit of its data, no document
 * incorporated, none annulled. Only its estado may still move, along the transitions.
 */

/** Whether its data and documents may still change (abierto or en trámite). */
export function admiteCambios(estado: EstadoExpediente): boolean {
  return ESTADOS_ACTIVOS.includes(estado);
}

/**
 * Refuses a change to an expediente that no longer accepts one (409 «El expediente está cerrado.»).
 * `rechazo` replaces the error when the caller reports refusals its own way (one file of an upload).
 */
export function asegurarAdmiteCambios(
  expediente: { estado: EstadoExpediente },
  rechazo: () => Error = expedienteCerrado,
): void {
  if (!admiteCambios(expediente.estado)) throw rechazo();
}

/** Refuses a transition the life cycle does not have, and a reopening without a motivo. */
export function asegurarTransicion(desde: EstadoExpediente, hacia: EstadoExpediente, motivo: string | null): void {
  if (!TRANSICIONES[desde].includes(hacia)) throw transicionNoPermitida(desde, hacia);
  if (requiereMotivo(desde, hacia) && !motivo) throw solicitudNoValida(MENSAJES_EXPEDIENTE.motivoReabrir);
}
