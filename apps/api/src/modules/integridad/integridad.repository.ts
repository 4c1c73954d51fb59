import type {
  HallazgoIntegridad,
  OrigenHallazgo,
  RondaIntegridad,
  TipoHallazgo,
} from '@ecodigital/contracts/integridad';
import type { Queryable } from '../../db/database';
import { isoString } from '../../shared/dates';
import { nombreCompletoSql } from '../../shared/sql';

/** A stored document as the revision reads it. */
export interface DocumentoARevisar {
  id_documento: number;
  clave_almacen: string;
  huella: string;
  tamano: number;
}

export interface NuevoHallazgo {
  id_documento: number;
  tipo: TipoHallazgo;
  origen: OrigenHallazgo;
  huella_encontrada?: string;
  id_usuario?: number;
  id_ronda?: number;
}

/** What a log line and a notification say of a finding. */
export interface HallazgoRegistrado {
  id: string;
  numero: string;
  orden: number;
  nombre: string;
}

/** Records a finding (evidence, only added) and the document's latest result. */
export async function insertHallazgo(tx: Queryable, hallazgo: NuevoHallazgo): Promise<HallazgoRegistrado> {
  const [row] = await tx.query<HallazgoRegistrado>(
    `WITH nuevo AS (
       INSERT INTO integridad_hallazgo (id_documento, id_expediente, tipo, origen, huella_encontrada, id_usuario, id_ronda)
       SELECT d.id_documento, d.id_expediente, $2, $3, $4, $5, $6 FROM documento d WHERE d.id_documento = $1
       RETURNING id, id_documento, id_expediente
     )
     SELECT n.id::text AS id, e.numero, d.orden, d.nombre
     FROM nuevo n JOIN documento d ON d.id_documento = n.id_documento
     JOIN expediente e ON e.id_expediente = n.id_expediente`,
    [
      hallazgo.id_documento,
      hallazgo.tipo,
      hallazgo.origen,
      hallazgo.huella_encontrada ?? null,
      hallazgo.id_usuario ?? null,
      hallazgo.id_ronda ?? null,
    ],
  );
  await upsertResultado(tx, hallazgo.id_documento, hallazgo.tipo);
  return row!;
}

export async function upsertResultado(
  tx: Queryable,
  idDocumento: number,
  resultado: 'correcto' | TipoHallazgo,
): Promise<void> {
  await tx.query(
    `INSERT INTO integridad_documento (id_documento, comprobado_en, resultado) VALUES ($1, now(), $2)
     ON CONFLICT (id_documento) DO UPDATE SET comprobado_en = now(), resultado = EXCLUDED.resultado`,
    [idDocumento, resultado],
  );
}

interface RondaRow {
  id: number;
  iniciada: Date;
  terminada: Date | null;
  ultimo_documento: number;
  documentos_total: number;
  bytes_total: string;
  documentos_revisados: number;
  bytes_revisados: string;
  hallazgos: number;
}

export type Ronda = Omit<RondaRow, 'bytes_total' | 'bytes_revisados'> & {
  bytes_total: number;
  bytes_revisados: number;
};

const toRonda = (row: RondaRow): Ronda => ({
  ...row,
  bytes_total: Number(row.bytes_total),
  bytes_revisados: Number(row.bytes_revisados),
});

/** The round in progress, or else the last one. */
export async function findUltimaRonda(db: Queryable): Promise<Ronda | undefined> {
  const [row] = await db.query<RondaRow>(
    'SELECT * FROM integridad_ronda ORDER BY terminada IS NULL DESC, id DESC LIMIT 1',
  );
  return row && toRonda(row);
}

/** A new round over every document stored now (their count and bytes: its progress's denominator). */
export async function insertRonda(tx: Queryable): Promise<Ronda> {
  const [row] = await tx.query<RondaRow>(
    `INSERT INTO integridad_ronda (documentos_total, bytes_total)
     SELECT count(*), coalesce(sum(tamano), 0) FROM documento WHERE destruido_en IS NULL
     RETURNING *`,
  );
  return toRonda(row!);
}

/** One more document of the round read; documents added meanwhile are read too (the totals grow). */
export async function avanzarRonda(
  tx: Queryable,
  idRonda: number,
  documento: DocumentoARevisar,
  hallazgo: boolean,
): Promise<void> {
  await tx.query(
    `UPDATE integridad_ronda
     SET ultimo_documento = $2, documentos_revisados = documentos_revisados + 1,
         bytes_revisados = bytes_revisados + $3, hallazgos = hallazgos + $4,
         documentos_total = greatest(documentos_total, documentos_revisados + 1),
         bytes_total = greatest(bytes_total, bytes_revisados + $3)
     WHERE id = $1 AND terminada IS NULL`,
    [idRonda, documento.id_documento, documento.tamano, hallazgo ? 1 : 0],
  );
}

/** Whether an acta de eliminación destroyed the document's bytes (maybe while the revision read them). */
export async function destruido(tx: Queryable, idDocumento: number): Promise<boolean> {
  const [fila] = await tx.query<{ destruido: boolean }>(
    'SELECT destruido_en IS NOT NULL AS destruido FROM documento WHERE id_documento = $1',
    [idDocumento],
  );
  return fila?.destruido ?? false;
}

export async function terminarRonda(tx: Queryable, idRonda: number): Promise<void> {
  await tx.query('UPDATE integridad_ronda SET terminada = now() WHERE id = $1 AND terminada IS NULL', [idRonda]);
}

/**
 * The next documents after `despues`, in id order (anulados too: their bytes are kept; not those
 * destroyed by an acta de eliminación: their bytes are gone on purpose).
 */
export function findDocumentosDesde(db: Queryable, despues: number, limite: number): Promise<DocumentoARevisar[]> {
  return db.query<DocumentoARevisar>(
    `SELECT id_documento, clave_almacen::text AS clave_almacen, huella, tamano::float8 AS tamano
     FROM documento WHERE id_documento > $1 AND destruido_en IS NULL ORDER BY id_documento LIMIT $2`,
    [despues, limite],
  );
}

interface HallazgoRow {
  id: string;
  tipo: TipoHallazgo;
  origen: OrigenHallazgo;
  detectado_en: Date;
  id_documento: number;
  orden: number;
  nombre: string;
  id_expediente: number;
  numero: string;
  usuario: string | null;
}

/** The newest findings first. */
export async function findHallazgos(db: Queryable, limite: number): Promise<HallazgoIntegridad[]> {
  const rows = await db.query<HallazgoRow>(
    `SELECT h.id::text AS id, h.tipo, h.origen, h.detectado_en, d.id_documento, d.orden, d.nombre,
            e.id_expediente, e.numero, CASE WHEN u.id_usuario IS NULL THEN NULL ELSE ${nombreCompletoSql('u')} END AS usuario
     FROM integridad_hallazgo h
     JOIN documento d ON d.id_documento = h.id_documento
     JOIN expediente e ON e.id_expediente = h.id_expediente
     LEFT JOIN usuario u ON u.id_usuario = h.id_usuario
     ORDER BY h.detectado_en DESC, h.id DESC
     LIMIT $1`,
    [limite],
  );
  return rows.map((row) => ({
    id: row.id,
    tipo: row.tipo,
    origen: row.origen,
    detectado_en: isoString(row.detectado_en),
    documento: { id_documento: row.id_documento, orden: row.orden, nombre: row.nombre },
    expediente: { id_expediente: row.id_expediente, numero: row.numero },
    usuario: row.usuario,
  }));
}

export function rondaPublica(ronda: Ronda): RondaIntegridad {
  return {
    id: ronda.id,
    iniciada: isoString(ronda.iniciada),
    terminada: ronda.terminada === null ? null : isoString(ronda.terminada),
    documentos_total: ronda.documentos_total,
    documentos_revisados: ronda.documentos_revisados,
    bytes_total: ronda.bytes_total,
    bytes_revisados: ronda.bytes_revisados,
    hallazgos: ronda.hallazgos,
  };
}
