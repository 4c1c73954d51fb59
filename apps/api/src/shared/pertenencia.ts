import type { Queryable } from '../db/database';
import { terminarAccesos } from './accesos-derivados';
import { HOY_MADRID, nombreCompletoSql, unidadYSuperioresCte } from './sql';

/**
 * Whether the person belongs to the unidad or to one above it: who may answer for its expedientes
 * (be their responsable), as its members see them.
 */
export async function perteneceAUnidad(db: Queryable, idUsuario: number, idUnidad: number): Promise<boolean> {
  const [fila] = await db.query<{ pertenece: boolean }>(
    `WITH RECURSIVE ${unidadYSuperioresCte('sobre', '$2')}
     SELECT EXISTS (
       SELECT 1 FROM usuario_unidad WHERE id_usuario = $1 AND id_unidad IN (SELECT id FROM sobre)
     ) AS pertenece`,
    [idUsuario, idUnidad],
  );
  return fila?.pertenece ?? false;
}

/**
 * Whether a grant to this person or unidad would reach `idUsuario`: it names them, or the unidad is
 * one of theirs or lies above one of theirs.
 */
export async function accesoLlegaA(
  db: Queryable,
  destinatario: { id_usuario?: number; id_unidad?: number },
  idUsuario: number,
): Promise<boolean> {
  if (destinatario.id_usuario !== undefined) return destinatario.id_usuario === idUsuario;
  const [fila] = await db.query<{ llega: boolean }>(
    `WITH RECURSIVE arriba(id) AS (
       SELECT id_unidad FROM usuario_unidad WHERE id_usuario = $1
       UNION
       SELECT u.id_padre FROM unidad u JOIN arriba ON u.id = arriba.id WHERE u.id_padre IS NOT NULL
     )
     SELECT $2::integer IN (SELECT id FROM arriba) AS llega`,
    [idUsuario, destinatario.id_unidad],
  );
  return fila?.llega ?? false;
}

/** Which expedientes to look at: those of some responsables, or those of some unidades. */
export type AmbitoResponsables = { personas: readonly number[] } | { unidades: readonly number[] };

/**
 * Expedientes whose responsable no longer belongs to their unidad (nor to one above it) lose that
 * responsable, each recorded in its historial as an edit by `autor` (or, with `autor: 'propio'`,
 * by the former responsable: the identity provider changed their groups). Their rows are locked
 * first, in id order, like any change. Answers how many expedientes changed.
 */
export async function retirarResponsablesAjenos(
  tx: Queryable,
  ambito: AmbitoResponsables,
  fin: { autor: number | 'propio'; porque: string },
): Promise<number> {
  const filtro = 'personas' in ambito ? 'e.id_responsable = ANY($1::integer[])' : 'e.id_unidad = ANY($1::integer[])';
  const afectados = await tx.query<{ id_expediente: number; id_responsable: number; nombre: string }>(
    `WITH RECURSIVE
       candidatos AS (
         SELECT e.id_expediente, e.id_unidad, e.id_responsable FROM expediente e
         WHERE ${filtro} AND e.id_responsable IS NOT NULL
       ),
       -- Each candidate responsable's unidades and those below them: the expedientes they may answer for.
       abajo(id_usuario, id) AS (
         SELECT id_usuario, id_unidad FROM usuario_unidad
         WHERE id_usuario IN (SELECT id_responsable FROM candidatos)
         UNION
         SELECT abajo.id_usuario, u.id FROM unidad u JOIN abajo ON u.id_padre = abajo.id
       )
     SELECT e.id_expediente, e.id_responsable, ${nombreCompletoSql('r')} AS nombre
     FROM expediente e JOIN usuario r ON r.id_usuario = e.id_responsable
     WHERE e.id_expediente IN (
       SELECT c.id_expediente FROM candidatos c
       WHERE NOT EXISTS (SELECT 1 FROM abajo WHERE abajo.id_usuario = c.id_responsable AND abajo.id = c.id_unidad)
     )
     ORDER BY e.id_expediente
     FOR UPDATE OF e`,
    ['personas' in ambito ? ambito.personas : ambito.unidades],
  );
  if (afectados.length === 0) return 0;
  const ids = afectados.map((fila) => fila.id_expediente);
  await tx.query(
    `UPDATE expediente SET id_responsable = NULL, version = version + 1, actualizado_en = now()
     WHERE id_expediente = ANY($1::integer[])`,
    [ids],
  );
  await tx.query(
    `INSERT INTO historial (id_expediente, id_usuario, evento, descripcion, cambios)
     SELECT f.id_expediente, coalesce($2, f.id_responsable), 'edicion', $3,
            jsonb_build_array(jsonb_build_object('campo', 'Responsable', 'anterior', f.nombre, 'nuevo', NULL))
     FROM unnest($1::integer[], $4::integer[], $5::text[]) AS f(id_expediente, id_responsable, nombre)`,
    [
      ids,
      fin.autor === 'propio' ? null : fin.autor,
      fin.porque,
      afectados.map((fila) => fila.id_responsable),
      afectados.map((fila) => fila.nombre),
    ],
  );
  return afectados.length;
}

/**
 * After the person lost unidades: they stop being responsable where they no longer belong, and the
 * grants they made on the strength of a grant to a unidad that no longer reaches them end (with
 * what derives from them). Recorded in each expediente's historial, as done by `autor`.
 */
export async function alPerderUnidades(
  tx: Queryable,
  idUsuario: number,
  fin: { autor: number | 'propio'; porque: string },
): Promise<void> {
  await retirarResponsablesAjenos(tx, { personas: [idUsuario] }, fin);
  const huerfanos = await tx.query<{ id_acceso: number }>(
    `WITH RECURSIVE arriba(id) AS (
       SELECT id_unidad FROM usuario_unidad WHERE id_usuario = $1
       UNION
       SELECT u.id_padre FROM unidad u JOIN arriba ON u.id = arriba.id WHERE u.id_padre IS NOT NULL
     )
     SELECT a.id_acceso FROM acceso a
     JOIN acceso origen ON origen.id_acceso = a.derivado_de
     JOIN expediente e ON e.id_expediente = a.id_expediente
     WHERE a.concedido_por = $1 AND a.revocado_en IS NULL AND (a.hasta IS NULL OR a.hasta >= ${HOY_MADRID})
       AND origen.id_unidad IS NOT NULL AND origen.id_unidad NOT IN (SELECT id FROM arriba)
     ORDER BY a.id_expediente, a.id_acceso
     FOR UPDATE OF e`,
    [idUsuario],
  );
  await terminarAccesos(
    tx,
    huerfanos.map((fila) => fila.id_acceso),
    {
      por: fin.autor === 'propio' ? idUsuario : fin.autor,
      causa: 'pertenencia',
      porque: 'quien lo concedió ya no pertenece a la unidad que tenía el acceso del que derivaba',
    },
  );
}
