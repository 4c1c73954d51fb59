import type { Queryable } from '../db/database';
import { HOY_MADRID, nombreCompletoSql } from './sql';

/** Why a grant ended when no person revoked it by hand (`acceso.causa_fin`, migration 011). */
export type CausaFin = 'origen' | 'autoconcesion' | 'pertenencia';

const NIVEL_SQL = `CASE t.nivel WHEN 'gestion' THEN 'gestión' ELSE 'lectura' END`;
const DESTINATARIO_SQL = `CASE WHEN t.id_usuario IS NOT NULL THEN ${nombreCompletoSql('du')} ELSE 'la unidad «' || un.nombre || '»' END`;

/**
 * Ends the live grants `ids` now (`causa`, on behalf of `por`) and every live grant derived from
 * them, directly or through others (`origen`): a grant made on the strength of another never
 * outlives it. Each one ended is recorded in its expediente's historial, as `por` did it, with
 * `porque` (after «Terminó el acceso de … de …: ») for the grants `ids` and the reason of origin
 * for those derived. The caller holds the row locks of the expedientes concerned. Answers how many
 * grants ended.
 */
export async function terminarAccesos(
  tx: Queryable,
  ids: readonly number[],
  fin: { por: number; causa: CausaFin; porque: string },
): Promise<number> {
  if (ids.length === 0) return 0;
  const terminados = await terminar(tx, `SELECT unnest($1::integer[]) AS id_acceso`, [
    ids,
    fin.por,
    fin.causa,
    fin.porque,
  ]);
  return terminados + (await terminarDerivados(tx, ids, fin.por));
}

/** Ends every live grant derived, directly or not, from the grants `origenes` (which just ended). */
export async function terminarDerivados(tx: Queryable, origenes: readonly number[], por: number): Promise<number> {
  if (origenes.length === 0) return 0;
  return terminar(
    tx,
    `WITH RECURSIVE derivados(id_acceso) AS (
       SELECT id_acceso FROM acceso WHERE derivado_de = ANY($1::integer[])
       UNION
       SELECT a.id_acceso FROM acceso a JOIN derivados d ON a.derivado_de = d.id_acceso
     )
     SELECT id_acceso FROM derivados`,
    [origenes, por, 'origen', 'derivaba de otro acceso que ha terminado'],
  );
}

/**
 * `seleccion` (a query of one column `id_acceso`, parameter $1) names the grants; $2 who ends them,
 * $3 the causa, $4 the reason for the historial.
 */
async function terminar(tx: Queryable, seleccion: string, params: unknown[]): Promise<number> {
  const filas = await tx.query<{ id_acceso: number }>(
    `WITH elegidos AS (${seleccion}),
     terminados AS (
       UPDATE acceso a SET revocado_en = now(), revocado_por = $2, causa_fin = $3
       WHERE a.id_acceso IN (SELECT elegidos.id_acceso FROM elegidos)
         AND a.revocado_en IS NULL AND (a.hasta IS NULL OR a.hasta >= ${HOY_MADRID})
       RETURNING a.id_acceso, a.id_expediente, a.nivel, a.id_usuario, a.id_unidad
     ),
     eventos AS (
       INSERT INTO historial (id_expediente, id_usuario, evento, descripcion)
       SELECT t.id_expediente, $2, 'acceso_revocado',
              'Terminó el acceso de ' || ${NIVEL_SQL} || ' de ' || ${DESTINATARIO_SQL} || ': ' || $4 || '.'
       FROM terminados t
       LEFT JOIN usuario du ON du.id_usuario = t.id_usuario
       LEFT JOIN unidad un ON un.id = t.id_unidad
       ORDER BY t.id_acceso
     )
     SELECT id_acceso FROM terminados`,
    params,
  );
  return filas.length;
}
