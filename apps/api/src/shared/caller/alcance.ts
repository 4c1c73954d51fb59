import type { Queryable } from '../../db/database';

/**
 * What a caller's sight of expedientes rests on, read once per request (never cached, so a
 * membership removed or a grant revoked holds from the next request on, on every instance).
 * `modules/expedientes/visibility.ts` turns it into the conditions every query adds.
 */
export interface Alcance {
  /** Holds `expedientes.ver`: without it nothing is visible. */
  ver: boolean;
  /** Holds `expedientes.ver_todos`: every expediente, with gestión. */
  todos: boolean;
  /** Their unidades and every unidad below them. */
  unidades: readonly number[];
  /** Expedientes with a live `gestion` acceso for them (directly, or through a unidad at or above theirs). */
  gestion: readonly number[];
  /** Expedientes with a live `lectura` acceso only. */
  lectura: readonly number[];
}

export const SIN_ALCANCE: Alcance = { ver: false, todos: false, unidades: [], gestion: [], lectura: [] };

/**
 * One statement: the unidades below the person's (the tree walked down), and the live grants made
 * to them or to a unidad at or above theirs (the tree walked up). A grant lives until revoked or
 * until the end of its `hasta` day in Europe/Madrid.
 */
export async function leerAlcance(
  db: Queryable,
  idUsuario: number,
): Promise<Pick<Alcance, 'unidades' | 'gestion' | 'lectura'>> {
  const [row] = await db.query<{ unidades: number[]; gestion: number[]; lectura: number[] }>(
    `WITH RECURSIVE
       propias AS (SELECT id_unidad AS id FROM usuario_unidad WHERE id_usuario = $1),
       abajo(id) AS (
         SELECT id FROM propias
         UNION
         SELECT u.id FROM unidad u JOIN abajo ON u.id_padre = abajo.id
       ),
       arriba(id) AS (
         SELECT id FROM propias
         UNION
         SELECT u.id_padre FROM unidad u JOIN arriba ON u.id = arriba.id WHERE u.id_padre IS NOT NULL
       ),
       vivos AS (
         SELECT a.id_expediente, a.nivel FROM acceso a
         WHERE a.revocado_en IS NULL
           AND (a.hasta IS NULL OR a.hasta >= (now() AT TIME ZONE 'Europe/Madrid')::date)
           AND (a.id_usuario = $1 OR a.id_unidad IN (SELECT id FROM arriba))
       )
     SELECT ARRAY(SELECT id FROM abajo ORDER BY id) AS unidades,
            ARRAY(SELECT DISTINCT id_expediente FROM vivos WHERE nivel = 'gestion' ORDER BY 1) AS gestion,
            ARRAY(SELECT DISTINCT id_expediente FROM vivos WHERE nivel = 'lectura'
                  EXCEPT SELECT id_expediente FROM vivos WHERE nivel = 'gestion' ORDER BY 1) AS lectura`,
    [idUsuario],
  );
  return { unidades: row?.unidades ?? [], gestion: row?.gestion ?? [], lectura: row?.lectura ?? [] };
}
