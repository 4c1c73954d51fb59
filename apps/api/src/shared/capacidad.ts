import type { Queryable } from '../db/database';
import type { SqlParams } from '../db/sql-params';
import { ApiHttpError } from './errors';

/** 409: one more would exceed what an answer lists whole (`CAPACIDAD` in the contracts). */
const capacidadAgotada = (msg: string) => new ApiHttpError(409, msg, 'CAPACIDAD_AGOTADA');

/**
 * Refuses (409, `mensaje`) when `FROM … WHERE …` (`desde`, its values in `params`) already counts
 * `maximo` rows. Call it holding the lock that serialises the inserts it guards.
 */
export async function asegurarCapacidad(
  db: Queryable,
  desde: string,
  params: SqlParams | unknown[],
  maximo: number,
  mensaje: string,
): Promise<void> {
  const valores = Array.isArray(params) ? params : params.values;
  // Counting stops at the limit: the cost does not grow with the table.
  const [row] = await db.query<{ total: number }>(
    `SELECT count(*)::integer AS total FROM (SELECT 1 ${desde} LIMIT ${Math.trunc(maximo)}) AS hasta_el_maximo`,
    valores,
  );
  if ((row?.total ?? 0) >= maximo) throw capacidadAgotada(mensaje);
}
