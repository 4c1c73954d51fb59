import { CAPACIDAD } from '@ecodigital/contracts/comunes';
import type { CatalogoEntrada, Responsable, UnidadCatalogo } from '@ecodigital/contracts/expedientes';
import type { Queryable } from '../../db/database';
import { nombreCompletoSql, ordenEspanolSql, unidadYSuperioresCte } from '../../shared/sql';

export function findTiposExpediente(db: Queryable): Promise<CatalogoEntrada[]> {
  return db.query<CatalogoEntrada>('SELECT id, nombre, activo FROM tipo_expediente ORDER BY orden, nombre, id');
}

/**
 * Every unidad with its `ruta` (the names above it, after the root: «Hacienda › Tesorería»), or only
 * `ids` among the active ones. A root's ruta is its own name.
 */
export function findUnidades(
  db: Queryable,
  soloActivas?: { ids: readonly number[] | 'todas' },
): Promise<UnidadCatalogo[]> {
  const filtro =
    soloActivas === undefined
      ? ''
      : soloActivas.ids === 'todas'
        ? 'WHERE arbol.activa'
        : 'WHERE arbol.activa AND arbol.id = ANY($1::integer[])';
  return db.query<UnidadCatalogo>(
    `WITH RECURSIVE arbol(id, codigo, nombre, activa, ruta, nivel) AS (
       SELECT id, codigo, nombre, activa, nombre, 0 FROM unidad WHERE id_padre IS NULL
       UNION ALL
       SELECT u.id, u.codigo, u.nombre, u.activa,
              CASE WHEN arbol.nivel = 0 THEN u.nombre ELSE arbol.ruta || ' › ' || u.nombre END, arbol.nivel + 1
       FROM unidad u JOIN arbol ON u.id_padre = arbol.id
     )
     SELECT id, codigo, nombre, ruta, activa AS activo FROM arbol ${filtro}
     ORDER BY nivel > 0, ruta, id`,
    soloActivas !== undefined && soloActivas.ids !== 'todas' ? [soloActivas.ids] : [],
  );
}

/**
 * Everyone known from their sign-ins, by name; with `unidad`, only those who may answer for an
 * expediente of it: they belong to it or to a unidad above it.
 */
export function findResponsables(db: Queryable, unidad?: number): Promise<Responsable[]> {
  const columnas = `u.id_usuario, ${nombreCompletoSql('u')} AS nombre_completo, u.username`;
  if (unidad === undefined) {
    return db.query<Responsable>(
      `SELECT ${columnas} FROM usuario u ORDER BY ${ordenEspanolSql(nombreCompletoSql('u'))}, u.id_usuario LIMIT $1`,
      [CAPACIDAD.personas],
    );
  }
  return db.query<Responsable>(
    `WITH RECURSIVE ${unidadYSuperioresCte('sobre', '$1')}
     SELECT ${columnas} FROM usuario u
     WHERE EXISTS (SELECT 1 FROM usuario_unidad uu WHERE uu.id_usuario = u.id_usuario AND uu.id_unidad IN (SELECT id FROM sobre))
     ORDER BY ${ordenEspanolSql(nombreCompletoSql('u'))}, u.id_usuario
     LIMIT $2`,
    [unidad, CAPACIDAD.personas],
  );
}

export function findTiposDocumentales(db: Queryable): Promise<CatalogoEntrada[]> {
  return db.query<CatalogoEntrada>('SELECT id, nombre, activo FROM tipo_documental ORDER BY orden, nombre, id');
}
