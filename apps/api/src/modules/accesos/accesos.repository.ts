import type { Acceso, NivelAcceso } from '@ecodigital/contracts/accesos';
import { CAPACIDAD, type UnidadReferencia } from '@ecodigital/contracts/comunes';
import type { Queryable } from '../../db/database';
import { isoString } from '../../shared/dates';
import { nombreCompletoSql } from '../../shared/sql';

/** Today in Europe/Madrid, the calendar a grant's `hasta` is written in. */
export const HOY_MADRID = `(now() AT TIME ZONE 'Europe/Madrid')::date`;

const SELECT_ACCESO = `
  SELECT a.id_acceso, a.nivel, to_char(a.hasta, 'YYYY-MM-DD') AS hasta, a.motivo, a.concedido_en, a.revocado_en,
         a.id_usuario, du.username AS d_username, CASE WHEN du.id_usuario IS NULL THEN NULL ELSE ${nombreCompletoSql('du')} END AS d_nombre,
         a.id_unidad, un.codigo AS un_codigo, un.nombre AS un_nombre,
         a.concedido_por, cp.username AS cp_username, ${nombreCompletoSql('cp')} AS cp_nombre,
         a.revocado_por, rp.username AS rp_username, CASE WHEN rp.id_usuario IS NULL THEN NULL ELSE ${nombreCompletoSql('rp')} END AS rp_nombre,
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
    `${SELECT_ACCESO}
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

export async function findAcceso(db: Queryable, idExpediente: number, idAcceso: number): Promise<Acceso | undefined> {
  const [row] = await db.query<AccesoRow>(`${SELECT_ACCESO} WHERE a.id_expediente = $1 AND a.id_acceso = $2`, [
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
}

export async function insertAcceso(tx: Queryable, acceso: NuevoAcceso): Promise<number> {
  const [row] = await tx.query<{ id_acceso: number }>(
    `INSERT INTO acceso (id_expediente, id_usuario, id_unidad, nivel, hasta, motivo, concedido_por)
     VALUES ($1, $2, $3, $4, $5::date, $6, $7)
     RETURNING id_acceso`,
    [
      acceso.id_expediente,
      acceso.id_usuario,
      acceso.id_unidad,
      acceso.nivel,
      acceso.hasta,
      acceso.motivo,
      acceso.concedido_por,
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

export async function findPersona(
  db: Queryable,
  id: number,
): Promise<{ id_usuario: number; nombre_completo: string } | undefined> {
  const [row] = await db.query<{ id_usuario: number; nombre_completo: string }>(
    `SELECT u.id_usuario, ${nombreCompletoSql('u')} AS nombre_completo FROM usuario u WHERE u.id_usuario = $1`,
    [id],
  );
  return row;
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
