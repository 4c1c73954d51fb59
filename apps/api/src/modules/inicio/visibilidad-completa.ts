import { SqlParams } from '../../db/sql-params';
import type { Caller } from '../../plugins/caller';
import { expedientesVisibles } from '../expedientes/visibility';

/**
 * The counters in `cifra` hold every expediente and document, so they answer only for a caller
 * who sees them all. Asking `expedientesVisibles` (rather than re-deciding here) keeps visibility
 * in its one place: once it is narrowed, its condition is no longer the literal `TRUE` and the
 * Inicio figures fall back to the indexed queries under that condition.
 */
export function veTodosLosExpedientes(caller: Caller): boolean {
  return expedientesVisibles(caller, new SqlParams(), 'e').trim() === 'TRUE';
}
