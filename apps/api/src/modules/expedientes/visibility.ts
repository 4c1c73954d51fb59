import type { SqlParams } from '../../db/sql-params';
import type { Caller } from '../../plugins/caller';

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
