import type { Queryable } from '../../db/database';
import { SqlParams } from '../../db/sql-params';
import type { Caller } from '../../shared/caller/caller';
import type { GestionPor } from './base-de-gestion';
import { sinGestion } from './expedientes.mensajes';

/**
 * The one place that decides which expedientes a caller may see and which they may change. Every
 * query that reads expedientes or what hangs from them (documents, historial, counts, exports,
 * notifications) adds `expedientesVisibles`; an expediente outside it does not exist for the caller.
 *
 * A caller sees an expediente when they hold `expedientes.ver` and:
 *  1. they hold `expedientes.ver_todos`; or
 *  2. its unidad responsable is one of theirs or lies below one of theirs; or
 *  3. a live acceso names them, or a unidad at or above one of theirs.
 * They may change it (`gestion`) on the same grounds, except that an acceso must be of level
 * `gestion`; what their gestión rests on (`GestionPor`) limits what they may do with it. Being its
 * responsable gives nothing of itself: the responsable is always someone of its unidad (or above).
 *
 * The caller's unidades and grants arrive as arrays (read per request in `callerOf`), so the planner
 * sees their real sizes and reads a small unidad through its index, never the whole table.
 */
export function expedientesVisibles(caller: Caller, params: SqlParams, alias = 'e'): string {
  const { alcance } = caller;
  if (!alcance.ver) return 'FALSE';
  if (alcance.todos) return 'TRUE';
  return condicion(caller, params, alias, [...alcance.gestion, ...alcance.lectura]);
}

/** The expedientes the caller may change (still subject to the role's permisos). */
export function expedientesGestionables(caller: Caller, params: SqlParams, alias = 'e'): string {
  const { alcance } = caller;
  if (!alcance.ver) return 'FALSE';
  if (alcance.todos) return 'TRUE';
  return condicion(caller, params, alias, alcance.gestion);
}

/** What the caller's gestión of the row rests on (`todos`, `unidad`, `acceso`), NULL without gestión. */
export function gestionPorSql(caller: Caller, params: SqlParams, alias = 'e'): string {
  const { alcance } = caller;
  if (!alcance.ver) return 'NULL::text';
  if (alcance.todos) return `'todos'::text`;
  const casos: string[] = [];
  if (alcance.unidades.length) {
    casos.push(`WHEN ${alias}.id_unidad = ANY(${params.add(alcance.unidades)}::integer[]) THEN 'unidad'`);
  }
  if (alcance.gestion.length) {
    casos.push(`WHEN ${alias}.id_expediente = ANY(${params.add(alcance.gestion)}::integer[]) THEN 'acceso'`);
  }
  return casos.length ? `(CASE ${casos.join(' ')} END)::text` : 'NULL::text';
}

function condicion(caller: Caller, params: SqlParams, alias: string, concedidos: readonly number[]): string {
  const partes: string[] = [];
  if (caller.alcance.unidades.length) {
    partes.push(`${alias}.id_unidad = ANY(${params.add(caller.alcance.unidades)}::integer[])`);
  }
  if (concedidos.length) partes.push(`${alias}.id_expediente = ANY(${params.add(concedidos)}::integer[])`);
  return partes.length ? `(${partes.join(' OR ')})` : 'FALSE';
}

/**
 * The ids of the expedientes a caller who does not see them all may see, as a subquery read from
 * indexes alone (unidad, grants): the same rule as `expedientesVisibles`, for asking "which ones"
 * rather than "is this one". An expediente may come out twice (own unidad and a grant).
 */
export function idsVisiblesSql(caller: Caller, params: SqlParams): string {
  const { alcance } = caller;
  const partes: string[] = [];
  if (alcance.unidades.length) {
    partes.push(
      `SELECT id_expediente FROM expediente WHERE id_unidad = ANY(${params.add(alcance.unidades)}::integer[])`,
    );
  }
  const concedidos = [...alcance.gestion, ...alcance.lectura];
  if (concedidos.length) partes.push(`SELECT unnest(${params.add(concedidos)}::integer[])`);
  return partes.length ? partes.join(' UNION ALL ') : 'SELECT NULL::integer WHERE FALSE';
}

/** What the caller's gestión of an expediente already read rests on (the rule of `gestionPorSql`); null without gestión. */
function baseDeGestion(
  caller: Caller,
  expediente: { id_expediente: number; unidad: { id: number } },
): GestionPor['base'] | null {
  const { alcance } = caller;
  if (!alcance.ver) return null;
  if (alcance.todos) return 'todos';
  if (alcance.unidades.includes(expediente.unidad.id)) return 'unidad';
  if (alcance.gestion.includes(expediente.id_expediente)) return 'acceso';
  return null;
}

/** The same rule as `expedientesGestionables`, for an expediente already read. */
export function puedeGestionar(caller: Caller, expediente: { id_expediente: number; unidad: { id: number } }): boolean {
  return baseDeGestion(caller, expediente) !== null;
}

/**
 * Refuses a change by someone who sees the expediente without gestión over it (403: they know it
 * exists). Who does not see it never gets here: reading it answered 404.
 */
export function asegurarGestion(caller: Caller, expediente: Parameters<typeof puedeGestionar>[1]): void {
  if (!puedeGestionar(caller, expediente)) throw sinGestion();
}

/**
 * The counters in `cifra` hold every expediente and document, so they answer only for a caller
 * who sees them all; anyone else is counted through the indexed queries under `expedientesVisibles`.
 */
export function veTodosLosExpedientes(caller: Caller): boolean {
  return caller.alcance.ver && caller.alcance.todos;
}

/** Below this many visible expedientes, a text search reads them all rather than the trigram index. */
export const ALCANCE_REDUCIDO = 20_000;

/**
 * Whether the caller sees few enough expedientes that checking a search's text on each of them is
 * cheaper than the trigram index: the index answers a common word with a bitmap of a sixth of the
 * table, which PostgreSQL then ANDs with the caller's few thousand (60 ms at a million, against 7).
 */
export async function alcanceReducido(db: Queryable, caller: Caller): Promise<boolean> {
  if (!caller.alcance.ver) return true;
  if (caller.alcance.todos) return false;
  const params = new SqlParams();
  const [fila] = await db.query<{ visibles: number }>(
    `SELECT count(*)::integer AS visibles FROM (
       SELECT 1 FROM (${idsVisiblesSql(caller, params)}) AS ids LIMIT ${params.add(ALCANCE_REDUCIDO)}
     ) AS visibles`,
    params.values,
  );
  return (fila?.visibles ?? 0) < ALCANCE_REDUCIDO;
}
