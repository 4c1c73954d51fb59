import {
  ACCESOS_PERSONA_POR_PAGINA,
  type Acceso,
  type AccesoDePersona,
  type AccesosPersonaQuery,
  type NivelAcceso,
} from '@ecodigital/contracts/accesos';
import { CAPACIDAD, type UnidadReferencia } from '@ecodigital/contracts/comunes';
import type { Responsable } from '@ecodigital/contracts/expedientes';
import type { Queryable } from '../../db/database';
import { isoString } from '../../shared/dates';
import { HOY_MADRID, nombreCompletoSql } from '../../shared/sql';

/** The columns of a grant as `toAcceso` reads them, after `extra` columns when given. */
const selectAcceso = (extra = '') => `
  SELECT ${extra ? `${extra}, ` : ''}a.id_acceso, a.nivel, to_char(a.hasta, 'YYYY-MM-DD') AS hasta, a.motivo, a.concedido_en, a.revocado_en,
         a.id_usuario, du.username AS d_username, CASE WHEN du.id_usuario IS NULL THEN NULL ELSE ${nombreCompletoSql('du')} END AS d_nombre,
         a.id_unidad, un.codigo AS un_codigo, un.nombre AS un_nombre,
         a.concedido_por, cp.username AS cp_username, ${nombreCompletoSql('cp')} AS cp_nombre,
         a.revocado_por, rp.username AS rp_username, CASE WHEN rp.id_usuario IS NULL THEN NULL ELSE ${nombreCompletoSql('rp')} END AS rp_nombre,
         a.derivado_de, a.causa_fin,
         CASE WHEN a.revocado_en IS NOT NULL THEN 'revocado'
              WHEN a.hasta IS NOT NULL AND a.hasta < ${HOY_MADRID} THEN 'caducado'
              ELSE 'vigente' END AS estado
  FROM acceso a
  LEFT JOIN usuario du ON du.id_usuario = a.id_usuario
  LEFT JOIN unidad un ON un.id = a.id_unidad
  JOIN usuario cp ON cp.id_usuario = a.concedido_por
  LEFT JOIN usuario rp ON rp.id_usuario = a.revocado_por`;

interface AccesoRow {
  id_acceso: number;
  nivel: NivelAcceso;
  hasta: string | null;
  motivo: string;
  concedido_en: Date;
  revocado_en: Date | null;
  id_usuario: number | null;
  d_username: string | null;
  d_nombre: string | null;
  id_unidad: number | null;
  un_codigo: string | null;
  un_nombre: string | null;
  concedido_por: number;
  cp_username: string;
  cp_nombre: string;
  revocado_por: number | null;
  rp_username: string | null;
  rp_nombre: string | null;
  estado: Acceso['estado'];
  derivado_de: number | null;
  causa_fin: Acceso['causa_fin'];
}

function toAcceso(row: AccesoRow): Acceso {
  return {
    id_acceso: row.id_acceso,
    destinatario:
      row.id_usuario !== null
        ? {
            tipo: 'usuario',
            usuario: { id_usuario: row.id_usuario, username: row.d_username!, nombre_completo: row.d_nombre! },
          }
        : { tipo: 'unidad', unidad: { id: row.id_unidad!, codigo: row.un_codigo!, nombre: row.un_nombre! } },
    nivel: row.nivel,
    hasta: row.hasta,
    motivo: row.motivo,
    concedido_por: { id_usuario: row.concedido_por, username: row.cp_username, nombre_completo: row.cp_nombre },
    concedido_en: isoString(row.concedido_en),
    estado: row.estado,
    revocado_por:
      row.revocado_por === null
        ? null
        : { id_usuario: row.revocado_por, username: row.rp_username!, nombre_completo: row.rp_nombre! },
    revocado_en: row.revocado_en === null ? null : isoString(row.revocado_en),
    derivado_de: row.derivado_de,
    causa_fin: row.causa_fin,
  };
}

/** A grant in force (alias `alias`): not revoked, not past its `hasta`. */
const vigente = (alias: string) =>
  `(${alias}.revocado_en IS NULL AND (${alias}.hasta IS NULL OR ${alias}.hasta >= ${HOY_MADRID}))`;

/** The grants in force on an expediente (`FROM …` to count them). */
export const ACCESOS_VIGENTES = `FROM acceso a WHERE a.id_expediente = $1 AND ${vigente('a')}`;

/** Ended grants listed besides those in force: the latest ones; older ones stay in the historial. */
const TERMINADOS_LISTADOS = CAPACIDAD.accesosListados - CAPACIDAD.accesosVigentesPorExpediente;

/**
 * The grants on the expediente, newest first: every one in force (at most
 * `CAPACIDAD.accesosVigentesPorExpediente`, refused beyond) and the latest ended ones.
 */
export async function findAccesos(db: Queryable, idExpediente: number): Promise<Acceso[]> {
  const rows = await db.query<AccesoRow>(
    `${selectAcceso()}
     WHERE a.id_expediente = $1
       AND (${vigente('a')} OR a.id_acceso IN (
         SELECT b.id_acceso FROM acceso b
         WHERE b.id_expediente = $1 AND NOT ${vigente('b')}
         ORDER BY b.id_acceso DESC LIMIT $2))
     ORDER BY a.id_acceso DESC
     LIMIT $3`,
    [idExpediente, TERMINADOS_LISTADOS, CAPACIDAD.accesosListados],
  );
  return rows.map(toAcceso);
}

/** A grant by its id alone, with the expediente it is on. */
export async function findAccesoPorId(
  db: Queryable,
  idAcceso: number,
): Promise<(Acceso & { id_expediente: number }) | undefined> {
  const [row] = await db.query<AccesoRow & { id_expediente: number }>(
    `${selectAcceso('a.id_expediente')} WHERE a.id_acceso = $1`,
    [idAcceso],
  );
  return row && { ...toAcceso(row), id_expediente: row.id_expediente };
}

/**
 * A page of the grants a person received (made to them, or to a unidad at or above one of theirs)
 * or made, newest first, with the expediente each opens; only the live ones unless `vigentes` is false.
 */
export async function findAccesosDePersona(
  db: Queryable,
  idUsuario: number,
  query: AccesosPersonaQuery,
): Promise<{ items: AccesoDePersona[]; total: number }> {
  const condiciones =
    query.tipo === 'concedidos'
      ? ['a.concedido_por = $1']
      : ['(a.id_usuario = $1 OR a.id_unidad IN (SELECT id FROM arriba))'];
  if (query.vigentes !== false) {
    condiciones.push(`a.revocado_en IS NULL AND (a.hasta IS NULL OR a.hasta >= ${HOY_MADRID})`);
  }
  const arriba = `WITH RECURSIVE arriba(id) AS (
       SELECT id_unidad FROM usuario_unidad WHERE id_usuario = $1
       UNION
       SELECT u.id_padre FROM unidad u JOIN arriba ON u.id = arriba.id WHERE u.id_padre IS NOT NULL
     )`;
  const where = condiciones.join(' AND ');
  const desde = ((query.page ?? 1) - 1) * ACCESOS_PERSONA_POR_PAGINA;
  const [rows, [cuenta]] = await Promise.all([
    db.query<AccesoRow & { id_expediente: number; numero: string; asunto: string }>(
      `${arriba}
       ${selectAcceso('e.id_expediente, e.numero, e.asunto')}
       JOIN expediente e ON e.id_expediente = a.id_expediente
       WHERE ${where}
       ORDER BY a.id_acceso DESC LIMIT $2 OFFSET $3`,
      [idUsuario, ACCESOS_PERSONA_POR_PAGINA, desde],
    ),
    db.query<{ total: number }>(`${arriba} SELECT count(*)::integer AS total FROM acceso a WHERE ${where}`, [
      idUsuario,
    ]),
  ]);
  return {
    items: rows.map((row) => ({
      ...toAcceso(row),
      expediente: { id_expediente: row.id_expediente, numero: row.numero, asunto: row.asunto },
    })),
    total: cuenta?.total ?? 0,
  };
}

export async function findAcceso(db: Queryable, idExpediente: number, idAcceso: number): Promise<Acceso | undefined> {
  const [row] = await db.query<AccesoRow>(`${selectAcceso()} WHERE a.id_expediente = $1 AND a.id_acceso = $2`, [
    idExpediente,
    idAcceso,
  ]);
  return row && toAcceso(row);
}

/** A live grant on the expediente for this person or unidad, if one exists. */
export async function hayAccesoVigente(
  db: Queryable,
  idExpediente: number,
  destinatario: { id_usuario?: number; id_unidad?: number },
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM acceso a
     WHERE a.id_expediente = $1 AND a.revocado_en IS NULL
       AND (a.hasta IS NULL OR a.hasta >= ${HOY_MADRID})
       AND (a.id_usuario = $2 OR a.id_unidad = $3)`,
    [idExpediente, destinatario.id_usuario ?? null, destinatario.id_unidad ?? null],
  );
  return rows.length > 0;
}

export interface NuevoAcceso {
  id_expediente: number;
  id_usuario: number | null;
  id_unidad: number | null;
  nivel: NivelAcceso;
  hasta: string | null;
  motivo: string;
  concedido_por: number;
  /** The grant that gave the grantor their gestión, when that was all they had. */
  derivado_de: number | null;
}

export async function insertAcceso(tx: Queryable, acceso: NuevoAcceso): Promise<number> {
  const [row] = await tx.query<{ id_acceso: number }>(
    `INSERT INTO acceso (id_expediente, id_usuario, id_unidad, nivel, hasta, motivo, concedido_por, derivado_de)
     VALUES ($1, $2, $3, $4, $5::date, $6, $7, $8)
     RETURNING id_acceso`,
    [
      acceso.id_expediente,
      acceso.id_usuario,
      acceso.id_unidad,
      acceso.nivel,
      acceso.hasta,
      acceso.motivo,
      acceso.concedido_por,
      acceso.derivado_de,
    ],
  );
  return row!.id_acceso;
}

export async function revocarAcceso(tx: Queryable, idAcceso: number, revocadoPor: number): Promise<void> {
  await tx.query('UPDATE acceso SET revocado_en = now(), revocado_por = $2 WHERE id_acceso = $1', [
    idAcceso,
    revocadoPor,
  ]);
}

/** The expediente's unidad and every unidad above it, nearest first: their members see it. */
export async function findUnidadYSuperiores(db: Queryable, idUnidad: number): Promise<UnidadReferencia[]> {
  return db.query<UnidadReferencia>(
    `WITH RECURSIVE arriba(id, nivel) AS (
       SELECT $1::integer, 0
       UNION ALL
       SELECT u.id_padre, arriba.nivel + 1 FROM unidad u JOIN arriba ON u.id = arriba.id WHERE u.id_padre IS NOT NULL
     )
     SELECT u.id, u.codigo, u.nombre FROM arriba JOIN unidad u ON u.id = arriba.id ORDER BY arriba.nivel`,
    [idUnidad],
  );
}

/** The grants derived, directly or through others, from `raices` (not the roots themselves). */
export async function findDerivados(db: Queryable, raices: readonly number[]): Promise<Set<number>> {
  if (raices.length === 0) return new Set();
  const filas = await db.query<{ id_acceso: number }>(
    `WITH RECURSIVE derivados(id_acceso) AS (
       SELECT id_acceso FROM acceso WHERE derivado_de = ANY($1::integer[])
       UNION
       SELECT a.id_acceso FROM acceso a JOIN derivados d ON a.derivado_de = d.id_acceso
     )
     SELECT id_acceso FROM derivados`,
    [raices],
  );
  return new Set(filas.map((fila) => fila.id_acceso));
}

export async function findPersona(db: Queryable, id: number): Promise<Responsable | undefined> {
  const [row] = await db.query<Responsable>(
    `SELECT u.id_usuario, ${nombreCompletoSql('u')} AS nombre_completo, u.username FROM usuario u WHERE u.id_usuario = $1`,
    [id],
  );
  return row;
}

/** Locks the expediente's row until the transaction ends, as every change of it does; false if it does not exist. */
export async function bloquearExpediente(tx: Queryable, idExpediente: number): Promise<boolean> {
  const filas = await tx.query('SELECT 1 FROM expediente WHERE id_expediente = $1 FOR UPDATE', [idExpediente]);
  return filas.length > 0;
}

export async function findUnidadDestino(
  db: Queryable,
  id: number,
): Promise<{ id: number; nombre: string; activa: boolean } | undefined> {
  const [row] = await db.query<{ id: number; nombre: string; activa: boolean }>(
    'SELECT id, nombre, activa FROM unidad WHERE id = $1',
    [id],
  );
  return row;
}

export async function esAnteriorAHoy(db: Queryable, dia: string): Promise<boolean> {
  const [row] = await db.query<{ pasada: boolean }>(`SELECT $1::date < ${HOY_MADRID} AS pasada`, [dia]);
  return row!.pasada;
}
