import { SqlParams } from '../../db/sql-params';
import type { Caller } from '../../shared/caller/caller';

/**
 * The one place that decides which expedientes a caller may see. Every query that reads
 * expedientes (list, count, export, detail, historial, and later documents) adds this condition,
 * so narrowing visibility (by unidad, for instance) is a change here only.
 *
 * Today: everything, for whoever holds `expedientes.ver`.
 */
export function expedientesVisibles(caller: Caller, _params: SqlParams, _alias = 'e'): string {
  return caller.permisos.includes('expedientes.ver') ? 'TRUE' : 'FALSE';
}

/**
 * The counters in `cifra` hold every expediente and document, so they answer only for a caller
 * who sees them all. Asking `expedientesVisibles` (rather than re-deciding here) keeps visibility
 * in its one place: once it is narrowed, its condition is no longer the literal `TRUE` and the
 * Inicio figures fall back to the indexed queries under that condition.
 */
export function veTodosLosExpedientes(caller: Caller): boolean {
  return expedientesVisibles(caller, new SqlParams(), 'e').trim() === 'TRUE';
}
