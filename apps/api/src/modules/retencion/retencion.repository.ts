import type {
  ActaEliminacion,
  ActaResumen,
  Disposicion,
  EstadoActa,
  PendienteDictamen,
  ReglaRetencion,
  RetencionLegal,
  SerieDocumental,
  TipoRetencion,
} from '@ecodigital/contracts/retencion';
import { LIMITES_RETENCION } from '@ecodigital/contracts/retencion';
import type { Queryable } from '../../db/database';
import { SqlParams } from '../../db/sql-params';
import type { Caller } from '../../shared/caller/caller';
import { isoString } from '../../shared/dates';
import { HOY_SQL } from '../../shared/plazos/calendario';
import { nombreCompletoSql } from '../../shared/sql';
import { expedientesVisibles } from '../expedientes/expedientes.public';

const regla = (disposicion: Disposicion | null, anios: number | null): ReglaRetencion | null =>
  disposicion === null ? null : { disposicion, anios };

// ── Cuadro de clasificación ───────────────────────────────────────────────────────────────────

interface SerieRow {
  id: number;
  codigo: string;
  nombre: string;
  activo: boolean;
  disposicion: Disposicion | null;
  retencion_anios: number | null;
  tipos: { id: number; nombre: string }[];
}

/** Every serie, by código, with its tipos (a catalogue: no expediente is read). */
export async function findSeries(db: Queryable, id?: number): Promise<SerieDocumental[]> {
  const rows = await db.query<SerieRow>(
    `SELECT s.id, s.codigo, s.nombre, s.activo, s.disposicion, s.retencion_anios,
            coalesce((SELECT json_agg(json_build_object('id', t.id, 'nombre', t.nombre) ORDER BY t.nombre)
                      FROM tipo_expediente t WHERE t.id_serie = s.id), '[]'::json) AS tipos
     FROM serie_documental s
     ${id === undefined ? '' : 'WHERE s.id = $2'}
     ORDER BY s.codigo LIMIT $1`,
    id === undefined ? [LIMITES_RETENCION.series] : [LIMITES_RETENCION.series, id],
  );
  return rows.map(({ disposicion, retencion_anios, ...serie }) => ({
    ...serie,
    regla: regla(disposicion, retencion_anios),
  }));
}

export async function contarSeries(tx: Queryable): Promise<number> {
  const [fila] = await tx.query<{ n: number }>('SELECT count(*)::integer AS n FROM serie_documental');
  return fila!.n;
}

interface TipoRow {
  id: number;
  nombre: string;
  activo: boolean;
  serie_id: number | null;
  serie_codigo: string | null;
  serie_nombre: string | null;
  disposicion: Disposicion | null;
  retencion_anios: number | null;
  serie_disposicion: Disposicion | null;
  serie_anios: number | null;
}

export async function findTiposRetencion(db: Queryable, id?: number): Promise<TipoRetencion[]> {
  const rows = await db.query<TipoRow>(
    `SELECT t.id, t.nombre, t.activo, s.id AS serie_id, s.codigo AS serie_codigo, s.nombre AS serie_nombre,
            t.disposicion, t.retencion_anios, s.disposicion AS serie_disposicion, s.retencion_anios AS serie_anios
     FROM tipo_expediente t LEFT JOIN serie_documental s ON s.id = t.id_serie
     ${id === undefined ? '' : 'WHERE t.id = $2'}
     ORDER BY t.orden, t.nombre LIMIT $1`,
    id === undefined ? [LIMITES_RETENCION.tiposPorSerie] : [LIMITES_RETENCION.tiposPorSerie, id],
  );
  return rows.map((row) => {
    const propia = regla(row.disposicion, row.retencion_anios);
    return {
      id: row.id,
      nombre: row.nombre,
      activo: row.activo,
      serie: row.serie_id === null ? null : { id: row.serie_id, codigo: row.serie_codigo!, nombre: row.serie_nombre! },
      regla: propia,
      regla_efectiva: propia ?? regla(row.serie_disposicion, row.serie_anios),
    };
  });
}

// ── Pendientes de dictamen ────────────────────────────────────────────────────────────────────

/** The rule that applies to an expediente of tipo `t` (serie `s`): the tipo's own, else its serie's. */
const DISPOSICION_SQL = 'CASE WHEN t.disposicion IS NOT NULL THEN t.disposicion ELSE s.disposicion END';
const ANIOS_SQL = 'CASE WHEN t.disposicion IS NOT NULL THEN t.retencion_anios ELSE s.retencion_anios END';
const CUMPLIDO_SQL = `((e.fecha_cierre AT TIME ZONE 'Europe/Madrid')::date + make_interval(years => ${ANIOS_SQL}))::date`;

const DESDE_SQL = `FROM expediente e
  JOIN tipo_expediente t ON t.id = e.id_tipo
  LEFT JOIN serie_documental s ON s.id = t.id_serie`;

/**
 * «Pendiente de dictamen» (decision 0395): archived, its rule is eliminación and its years since
 * closing have passed, no active legal hold, and not already in an approved acta. Derived, never
 * stored: a change of rule or hold shows at once.
 */
const PENDIENTE_SQL = `e.estado = 'archivado' AND e.fecha_cierre IS NOT NULL
  AND ${DISPOSICION_SQL} = 'eliminacion'
  AND ${CUMPLIDO_SQL} <= ${HOY_SQL}
  AND NOT EXISTS (SELECT 1 FROM retencion_legal r WHERE r.id_expediente = e.id_expediente AND r.levantada_en IS NULL)
  AND NOT EXISTS (SELECT 1 FROM acta_eliminacion_expediente ax JOIN acta_eliminacion a ON a.id = ax.id_acta
                  WHERE ax.id_expediente = e.id_expediente AND a.estado <> 'borrador')`;

interface PendienteRow {
  id_expediente: number;
  numero: string;
  asunto: string;
  tipo: string;
  serie: string | null;
  fecha_cierre: Date;
  anios: number;
  cumplido_el: string;
  documentos: number;
  acta_borrador: string | null;
}

/** The pendientes the caller sees (oldest period first), or those among `ids`. One more than `limite` says there are more. */
export async function findPendientes(
  db: Queryable,
  caller: Caller,
  opciones: { limite: number; ids?: number[] },
): Promise<PendienteDictamen[]> {
  const params = new SqlParams();
  const filtroIds = opciones.ids ? `AND e.id_expediente = ANY(${params.add(opciones.ids)}::integer[])` : '';
  const rows = await db.query<PendienteRow>(
    `SELECT e.id_expediente, e.numero, e.asunto, t.nombre AS tipo,
            CASE WHEN s.id IS NULL THEN NULL ELSE s.codigo || ' ' || s.nombre END AS serie,
            e.fecha_cierre, ${ANIOS_SQL} AS anios, to_char(${CUMPLIDO_SQL}, 'YYYY-MM-DD') AS cumplido_el,
            (SELECT count(*)::integer FROM documento d WHERE d.id_expediente = e.id_expediente) AS documentos,
            (SELECT a.numero FROM acta_eliminacion_expediente ax JOIN acta_eliminacion a ON a.id = ax.id_acta
             WHERE ax.id_expediente = e.id_expediente AND a.estado = 'borrador' ORDER BY a.id LIMIT 1) AS acta_borrador
     ${DESDE_SQL}
     WHERE ${PENDIENTE_SQL} ${filtroIds} AND ${expedientesVisibles(caller, params, 'e')}
     ORDER BY ${CUMPLIDO_SQL}, e.id_expediente
     LIMIT ${params.add(opciones.limite + 1)}`,
    params.values,
  );
  return rows.map((row) => ({ ...row, fecha_cierre: isoString(row.fecha_cierre) }));
}

/** The rule that applies to one expediente and whether it is pending. The caller checked its sight. */
export async function findReglaDeExpediente(
  db: Queryable,
  id: number,
): Promise<{ regla: ReglaRetencion | null; pendiente: boolean }> {
  const [row] = await db.query<{ disposicion: Disposicion | null; anios: number | null; pendiente: boolean }>(
    `SELECT ${DISPOSICION_SQL} AS disposicion, ${ANIOS_SQL} AS anios, (${PENDIENTE_SQL}) IS TRUE AS pendiente
     ${DESDE_SQL} WHERE e.id_expediente = $1`,
    [id],
  );
  return { regla: row ? regla(row.disposicion, row.anios) : null, pendiente: row?.pendiente ?? false };
}

// ── Retención legal ───────────────────────────────────────────────────────────────────────────

interface RetencionRow {
  id: number;
  motivo: string;
  puesta_en: Date;
  puesta_por: number;
  puesta_username: string;
  puesta_nombre: string;
  levantada_en: Date | null;
  levantada_por: number | null;
  levantada_username: string | null;
  levantada_nombre: string | null;
  motivo_levantamiento: string | null;
}

/** The holds of one expediente, the active one first, then the latest. The caller checked its sight. */
export async function findRetenciones(db: Queryable, idExpediente: number): Promise<RetencionLegal[]> {
  const rows = await db.query<RetencionRow>(
    `SELECT r.id, r.motivo, r.puesta_en, r.puesta_por, p.username AS puesta_username,
            ${nombreCompletoSql('p')} AS puesta_nombre,
            r.levantada_en, r.levantada_por, l.username AS levantada_username,
            CASE WHEN l.id_usuario IS NULL THEN NULL ELSE ${nombreCompletoSql('l')} END AS levantada_nombre,
            r.motivo_levantamiento
     FROM retencion_legal r
     JOIN usuario p ON p.id_usuario = r.puesta_por
     LEFT JOIN usuario l ON l.id_usuario = r.levantada_por
     WHERE r.id_expediente = $1
     ORDER BY r.levantada_en IS NULL DESC, r.id DESC LIMIT $2`,
    [idExpediente, LIMITES_RETENCION.retencionesListadas],
  );
  return rows.map((row) => ({
    id: row.id,
    motivo: row.motivo,
    puesta_por: { id_usuario: row.puesta_por, username: row.puesta_username, nombre_completo: row.puesta_nombre },
    puesta_en: isoString(row.puesta_en),
    levantada_en: row.levantada_en === null ? null : isoString(row.levantada_en),
    levantada_por:
      row.levantada_por === null
        ? null
        : { id_usuario: row.levantada_por, username: row.levantada_username!, nombre_completo: row.levantada_nombre! },
    motivo_levantamiento: row.motivo_levantamiento,
  }));
}

/** The approved acta that destroyed the expediente's documents, if any. The caller checked its sight. */
export async function findActaDeExpediente(
  db: Queryable,
  idExpediente: number,
): Promise<{ acta: string; aprobada_en: string } | null> {
  const [row] = await db.query<{ numero: string; aprobada_en: Date }>(
    `SELECT a.numero, a.aprobada_en FROM acta_eliminacion_expediente ax JOIN acta_eliminacion a ON a.id = ax.id_acta
     WHERE ax.id_expediente = $1 AND a.estado <> 'borrador' LIMIT 1`,
    [idExpediente],
  );
  return row ? { acta: row.numero, aprobada_en: isoString(row.aprobada_en) } : null;
}

// ── Actas de eliminación ──────────────────────────────────────────────────────────────────────

interface ActaRow {
  id: number;
  numero: string;
  estado: EstadoActa;
  motivo: string;
  creada_en: Date;
  creada_por: number;
  creada_username: string;
  creada_nombre: string;
  aprobada_en: Date | null;
  aprobada_por: number | null;
  aprobada_username: string | null;
  aprobada_nombre: string | null;
  motivo_aprobacion: string | null;
  ejecutada_en: Date | null;
  num_expedientes: number;
}

const SELECT_ACTA = `
  SELECT a.id, a.numero, a.estado, a.motivo, a.creada_en, a.creada_por, c.username AS creada_username,
         ${nombreCompletoSql('c')} AS creada_nombre,
         a.aprobada_en, a.aprobada_por, p.username AS aprobada_username,
         CASE WHEN p.id_usuario IS NULL THEN NULL ELSE ${nombreCompletoSql('p')} END AS aprobada_nombre,
         a.motivo_aprobacion, a.ejecutada_en,
         (SELECT count(*)::integer FROM acta_eliminacion_expediente ax WHERE ax.id_acta = a.id) AS num_expedientes
  FROM acta_eliminacion a
  JOIN usuario c ON c.id_usuario = a.creada_por
  LEFT JOIN usuario p ON p.id_usuario = a.aprobada_por`;

const toActa = (row: ActaRow): ActaResumen => ({
  id: row.id,
  numero: row.numero,
  estado: row.estado,
  motivo: row.motivo,
  creada_por: { id_usuario: row.creada_por, username: row.creada_username, nombre_completo: row.creada_nombre },
  creada_en: isoString(row.creada_en),
  aprobada_por:
    row.aprobada_por === null
      ? null
      : { id_usuario: row.aprobada_por, username: row.aprobada_username!, nombre_completo: row.aprobada_nombre! },
  aprobada_en: row.aprobada_en === null ? null : isoString(row.aprobada_en),
  motivo_aprobacion: row.motivo_aprobacion,
  ejecutada_en: row.ejecutada_en === null ? null : isoString(row.ejecutada_en),
  num_expedientes: row.num_expedientes,
});

/** The latest actas (an administration list: an acta is the authority's, not an expediente's). */
export async function findActas(db: Queryable): Promise<ActaResumen[]> {
  const rows = await db.query<ActaRow>(`${SELECT_ACTA} ORDER BY a.id DESC LIMIT $1`, [LIMITES_RETENCION.actas]);
  return rows.map(toActa);
}

export async function findActa(
  db: Queryable,
  id: number,
  opciones: { forUpdate?: boolean } = {},
): Promise<ActaEliminacion | undefined> {
  const [row] = await db.query<ActaRow>(
    `${SELECT_ACTA} WHERE a.id = $1 ${opciones.forUpdate ? 'FOR UPDATE OF a' : ''}`,
    [id],
  );
  if (!row) return undefined;
  const expedientes = await db.query<{
    id_expediente: number;
    numero: string;
    asunto: string;
    documentos: number | null;
    bytes: string | null;
  }>(
    `SELECT e.id_expediente, e.numero, e.asunto, ax.documentos, ax.bytes::text AS bytes
     FROM acta_eliminacion_expediente ax JOIN expediente e ON e.id_expediente = ax.id_expediente
     WHERE ax.id_acta = $1 ORDER BY e.numero LIMIT $2`,
    [id, LIMITES_RETENCION.expedientesPorActa],
  );
  return {
    ...toActa(row),
    expedientes: expedientes.map((fila) => ({ ...fila, bytes: fila.bytes === null ? null : Number(fila.bytes) })),
  };
}

export async function findPdfActa(
  db: Queryable,
  id: number,
): Promise<{ numero: string; pdf: Buffer | null } | undefined> {
  const [row] = await db.query<{ numero: string; pdf: Buffer | null }>(
    'SELECT numero, pdf FROM acta_eliminacion WHERE id = $1',
    [id],
  );
  return row;
}
