import type { PersonaAdmin, PersonasQuery } from '@ecodigital/contracts/administracion';
import { LIMITES_ADMINISTRACION } from '@ecodigital/contracts/administracion.rules';
import type { UnidadReferencia } from '@ecodigital/contracts/comunes';
import type { Queryable } from '../../db/database';
import { SqlParams } from '../../db/sql-params';
import { isoString } from '../../shared/dates';
import { escapeLike, nombreCompletoSql, ordenEspanolSql } from '../../shared/sql';

const COLUMNAS_PERSONA = `
  SELECT u.id_usuario, u.username, ${nombreCompletoSql('u')} AS nombre_completo, u.email, u.roles, u.ultimo_acceso,
         coalesce((SELECT json_agg(json_build_object('id', un.id, 'codigo', un.codigo, 'nombre', un.nombre) ORDER BY un.nombre)
                   FROM usuario_unidad uu JOIN unidad un ON un.id = uu.id_unidad
                   WHERE uu.id_usuario = u.id_usuario), '[]'::json) AS unidades`;

function toPersona({ total: _total, ultimo_acceso, ...persona }: PersonaRow): PersonaAdmin {
  return { ...persona, ultimo_acceso: ultimo_acceso === null ? null : isoString(ultimo_acceso) };
}

interface PersonaRow extends Omit<PersonaAdmin, 'ultimo_acceso'> {
  ultimo_acceso: Date | null;
  total: number;
}

/** People known from their sign-ins, found by name, username or e-mail (accents ignored), by name. */
export async function findPersonas(
  db: Queryable,
  query: PersonasQuery,
): Promise<{ items: PersonaAdmin[]; total: number }> {
  const params = new SqlParams();
  const condiciones: string[] = [];
  const q = query.q?.trim();
  if (q) {
    const patron = params.add(`%${escapeLike(q)}%`);
    condiciones.push(
      `lower(f_unaccent(${nombreCompletoSql('u')} || ' ' || u.username || ' ' || coalesce(u.email, ''))) LIKE lower(f_unaccent(${patron}))`,
    );
  }
  if (query.unidad !== undefined) {
    condiciones.push(
      `EXISTS (SELECT 1 FROM usuario_unidad f WHERE f.id_usuario = u.id_usuario AND f.id_unidad = ${params.add(query.unidad)})`,
    );
  }
  const tamano = LIMITES_ADMINISTRACION.personasPorPagina;
  const rows = await db.query<PersonaRow>(
    `${COLUMNAS_PERSONA}, count(*) OVER ()::integer AS total
     FROM usuario u
     ${condiciones.length ? `WHERE ${condiciones.join(' AND ')}` : ''}
     ORDER BY ${ordenEspanolSql(nombreCompletoSql('u'))}, u.id_usuario
     LIMIT ${params.add(tamano)} OFFSET ${params.add(((query.page ?? 1) - 1) * tamano)}`,
    params.values,
  );
  return {
    items: rows.map(toPersona),
    total: rows[0]?.total ?? (await contarPersonas(db, query)),
  };
}

/** Only asked when the page is past the end (no row to carry the count). */
async function contarPersonas(db: Queryable, query: PersonasQuery): Promise<number> {
  if (!query.page || query.page === 1) return 0;
  const { total } = await findPersonas(db, { ...query, page: 1 });
  return total;
}

export async function existePersona(db: Queryable, id: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM usuario WHERE id_usuario = $1 FOR UPDATE', [id])).length > 0;
}

export function findUnidadesDePersona(db: Queryable, id: number): Promise<(UnidadReferencia & { activa: boolean })[]> {
  return db.query(
    `SELECT un.id, un.codigo, un.nombre, un.activa FROM usuario_unidad uu JOIN unidad un ON un.id = uu.id_unidad
     WHERE uu.id_usuario = $1 ORDER BY un.nombre, un.id`,
    [id],
  );
}

export function findUnidadesPorId(
  db: Queryable,
  ids: readonly number[],
): Promise<(UnidadReferencia & { activa: boolean })[]> {
  return db.query('SELECT id, codigo, nombre, activa FROM unidad WHERE id = ANY($1::integer[]) ORDER BY nombre, id', [
    ids,
  ]);
}

export async function replaceUnidadesDePersona(tx: Queryable, id: number, unidades: readonly number[]): Promise<void> {
  await tx.query('DELETE FROM usuario_unidad WHERE id_usuario = $1 AND NOT (id_unidad = ANY($2::integer[]))', [
    id,
    unidades,
  ]);
  await tx.query(
    'INSERT INTO usuario_unidad (id_usuario, id_unidad) SELECT $1, unnest($2::integer[]) ON CONFLICT DO NOTHING',
    [id, unidades],
  );
}

export async function findPersona(db: Queryable, id: number): Promise<PersonaAdmin | undefined> {
  const rows = await db.query<PersonaRow>(
    `${COLUMNAS_PERSONA}, 1 AS total
     FROM usuario u WHERE u.id_usuario = $1`,
    [id],
  );
  return rows[0] && toPersona(rows[0]);
}
