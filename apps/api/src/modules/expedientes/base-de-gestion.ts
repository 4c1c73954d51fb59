import type { Queryable } from '../../db/database';
import type { Caller } from '../../shared/caller/caller';
import { HOY_MADRID, unidadYSuperioresCte } from '../../shared/sql';

/**
 * What a caller's gestión of one expediente rests on: seeing every expediente, belonging to its
 * unidad (or one above it), or only live `gestion` accesos (`propios`; `acceso` is the one reaching
 * furthest in time, what the grants they make derive from and may not outlast).
 */
export type GestionPor =
  | { base: 'todos' }
  | { base: 'unidad' }
  | { base: 'acceso'; acceso: { id_acceso: number; hasta: string | null }; propios: readonly number[] };

export interface SobreExpediente {
  ve: boolean;
  gestion: GestionPor | null;
}

/**
 * The caller's sight and gestión of one expediente as the database holds them now, not as the
 * request's `alcance` read them when it began: a change checks this under the expediente's row
 * lock, which revocations take too, so a grant revoked while the change waited counts as revoked.
 */
export async function leerSobreExpediente(
  db: Queryable,
  caller: Caller,
  expediente: { id_expediente: number; unidad: { id: number } },
): Promise<SobreExpediente> {
  const { alcance } = caller;
  if (!alcance.ver) return { ve: false, gestion: null };
  if (alcance.todos) return { ve: true, gestion: { base: 'todos' } };
  const [fila] = await db.query<{
    por_unidad: boolean;
    con_acceso: boolean;
    id_acceso: number | null;
    hasta: string | null;
    propios: number[];
  }>(
    `WITH RECURSIVE
       ${unidadYSuperioresCte('sobre', '$2')},
       propias AS (SELECT id_unidad AS id FROM usuario_unidad WHERE id_usuario = $1),
       arriba(id) AS (
         SELECT id FROM propias
         UNION
         SELECT u.id_padre FROM unidad u JOIN arriba ON u.id = arriba.id WHERE u.id_padre IS NOT NULL
       ),
       vivos AS (
         SELECT a.id_acceso, a.nivel, a.hasta FROM acceso a
         WHERE a.id_expediente = $3 AND a.revocado_en IS NULL
           AND (a.hasta IS NULL OR a.hasta >= ${HOY_MADRID})
           AND (a.id_usuario = $1 OR a.id_unidad IN (SELECT id FROM arriba))
       ),
       mejor AS (
         SELECT id_acceso, hasta FROM vivos WHERE nivel = 'gestion'
         ORDER BY hasta DESC NULLS FIRST, id_acceso LIMIT 1
       )
     SELECT EXISTS (SELECT 1 FROM propias WHERE id IN (SELECT id FROM sobre)) AS por_unidad,
            EXISTS (SELECT 1 FROM vivos) AS con_acceso,
            (SELECT id_acceso FROM mejor) AS id_acceso,
            (SELECT to_char(hasta, 'YYYY-MM-DD') FROM mejor) AS hasta,
            ARRAY(SELECT id_acceso FROM vivos WHERE nivel = 'gestion' ORDER BY id_acceso) AS propios`,
    [caller.id_usuario, expediente.unidad.id, expediente.id_expediente],
  );
  if (fila?.por_unidad) return { ve: true, gestion: { base: 'unidad' } };
  if (fila?.id_acceso != null) {
    const acceso = { id_acceso: fila.id_acceso, hasta: fila.hasta };
    return { ve: true, gestion: { base: 'acceso', acceso, propios: fila.propios } };
  }
  return { ve: Boolean(fila?.con_acceso), gestion: null };
}
