import type { Documento, DocumentoListado, EstadoTexto } from '@ecodigital/contracts/documentos';
import { FUNCION_RESUMEN } from '@ecodigital/contracts/documentos';
import type { CatalogoItem } from '@ecodigital/contracts/expedientes';
import type { Queryable } from '../../db/database';
import { SqlParams } from '../../db/sql-params';
import type { Caller } from '../../shared/caller/caller';
import { isoString } from '../../shared/dates';
import { nombreCompletoSql } from '../../shared/sql';
import { expedientesVisibles } from '../expedientes/expedientes.public';

const SELECT_DOCUMENTO = `
  SELECT d.id_documento, d.id_expediente, d.orden, d.nombre, d.id_tipo_documental, td.nombre AS tipo_nombre,
         d.fecha_incorporacion, d.tamano::text AS tamano, d.formato, d.mime, d.huella, d.clave_almacen::text AS clave_almacen,
         d.hash_anterior, d.hash_entrada,
         d.subido_por, s.username AS subido_username, ${nombreCompletoSql('s')} AS subido_nombre,
         d.anulado, d.motivo_anulacion, d.fecha_anulacion,
         d.anulado_por, a.username AS anulado_username,
         CASE WHEN a.id_usuario IS NULL THEN NULL ELSE ${nombreCompletoSql('a')} END AS anulado_nombre,
         d.destruido_en, (SELECT ae.numero FROM acta_eliminacion ae WHERE ae.id = d.id_acta_eliminacion) AS acta_numero
  FROM documento d
  JOIN tipo_documental td ON td.id = d.id_tipo_documental
  JOIN usuario s ON s.id_usuario = d.subido_por
  LEFT JOIN usuario a ON a.id_usuario = d.anulado_por`;

interface DocumentoRow {
  id_documento: number;
  id_expediente: number;
  orden: number;
  nombre: string;
  id_tipo_documental: number;
  tipo_nombre: string;
  fecha_incorporacion: Date;
  tamano: string;
  formato: string;
  mime: string;
  huella: string;
  clave_almacen: string;
  hash_anterior: string | null;
  hash_entrada: string;
  subido_por: number;
  subido_username: string;
  subido_nombre: string;
  anulado: boolean;
  motivo_anulacion: string | null;
  fecha_anulacion: Date | null;
  anulado_por: number | null;
  anulado_username: string | null;
  anulado_nombre: string | null;
  destruido_en: Date | null;
  acta_numero: string | null;
}

/** A document as the API answers it, plus what only the server needs (where its bytes are). */
export interface DocumentoAlmacenado extends Documento {
  clave_almacen: string;
  /** `fecha_incorporacion` as stored, for the hash chain. */
  fecha: Date;
}

function toDocumento(row: DocumentoRow): DocumentoAlmacenado {
  return {
    id_documento: row.id_documento,
    id_expediente: row.id_expediente,
    orden: row.orden,
    nombre: row.nombre,
    tipo_documental: { id: row.id_tipo_documental, nombre: row.tipo_nombre },
    fecha_incorporacion: isoString(row.fecha_incorporacion),
    fecha: new Date(row.fecha_incorporacion),
    tamano: Number(row.tamano),
    formato: row.formato,
    mime: row.mime,
    huella: row.huella,
    funcion_resumen: FUNCION_RESUMEN,
    hash_anterior: row.hash_anterior,
    hash_entrada: row.hash_entrada,
    subido_por: { id_usuario: row.subido_por, nombre_completo: row.subido_nombre, username: row.subido_username },
    anulado: row.anulado,
    motivo_anulacion: row.motivo_anulacion,
    fecha_anulacion: row.fecha_anulacion === null ? null : isoString(row.fecha_anulacion),
    anulado_por:
      row.anulado_por === null
        ? null
        : { id_usuario: row.anulado_por, nombre_completo: row.anulado_nombre!, username: row.anulado_username! },
    eliminado: row.destruido_en === null ? null : { acta: row.acta_numero!, destruido_en: isoString(row.destruido_en) },
    clave_almacen: row.clave_almacen,
  };
}

/** Drops what the API must not answer (the storage key, the raw date). */
export function publico({ clave_almacen: _clave, fecha: _fecha, ...documento }: DocumentoAlmacenado): Documento {
  return documento;
}

/** Every document of an expediente by orden, anulados included. The caller checks visibility. */
export async function findDocumentos(db: Queryable, idExpediente: number): Promise<DocumentoAlmacenado[]> {
  const rows = await db.query<DocumentoRow>(`${SELECT_DOCUMENTO} WHERE d.id_expediente = $1 ORDER BY d.orden`, [
    idExpediente,
  ]);
  return rows.map(toDocumento);
}

interface TextoRow {
  texto_estado: EstadoTexto | null;
  texto_motivo: string | null;
  texto_paginas: number | null;
  texto_paginas_ocr: number | null;
  con_miniatura: boolean;
}

/** Every document of an expediente with the state of its text and whether it has a thumbnail. The caller checks visibility. */
export async function findDocumentosListados(db: Queryable, idExpediente: number): Promise<DocumentoListado[]> {
  const rows = await db.query<DocumentoRow & TextoRow>(
    `SELECT x.*, t.estado AS texto_estado, t.motivo AS texto_motivo, t.paginas AS texto_paginas,
            t.paginas_ocr AS texto_paginas_ocr,
            EXISTS (SELECT 1 FROM documento_miniatura m WHERE m.id_documento = x.id_documento) AS con_miniatura
     FROM (${SELECT_DOCUMENTO} WHERE d.id_expediente = $1) x
     LEFT JOIN documento_texto t ON t.id_documento = x.id_documento
     ORDER BY x.orden`,
    [idExpediente],
  );
  return rows.map((row) => ({
    ...publico(toDocumento(row)),
    texto: {
      estado: row.texto_estado ?? 'pendiente',
      // A reason is kept while pending too (the last failure before a retry); people see it once final.
      motivo: row.texto_estado === 'pendiente' ? null : row.texto_motivo,
      paginas: row.texto_paginas,
      paginas_ocr: row.texto_paginas_ocr ?? 0,
    },
    miniatura: row.con_miniatura,
  }));
}

/** The thumbnail (JPEG) of a document whose expediente the caller sees. */
export async function findMiniatura(db: Queryable, caller: Caller, id: number): Promise<Buffer | undefined> {
  const params = new SqlParams();
  const idParam = params.add(id);
  const [row] = await db.query<{ imagen: Buffer }>(
    `SELECT m.imagen
     FROM documento_miniatura m
     JOIN documento d ON d.id_documento = m.id_documento
     JOIN expediente e ON e.id_expediente = d.id_expediente
     WHERE m.id_documento = ${idParam} AND ${expedientesVisibles(caller, params, 'e')}`,
    params.values,
  );
  return row && Buffer.from(row.imagen);
}

/** The document if its expediente is visible to the caller; `forUpdate` locks the row. */
export async function findDocumento(
  db: Queryable,
  caller: Caller,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<DocumentoAlmacenado | undefined> {
  const params = new SqlParams();
  const idParam = params.add(id);
  const [row] = await db.query<DocumentoRow>(
    `${SELECT_DOCUMENTO}
     JOIN expediente e ON e.id_expediente = d.id_expediente
     WHERE d.id_documento = ${idParam} AND ${expedientesVisibles(caller, params, 'e')}
     ${options.forUpdate ? 'FOR UPDATE OF d' : ''}`,
    params.values,
  );
  return row && toDocumento(row);
}

/**
 * A live (not anulado) document with this SHA-256: in the expediente given if any, else in another
 * one the caller may see (one they may not see must not even be named).
 */
export async function findMismaHuella(
  db: Queryable,
  caller: Caller,
  huella: string,
  idExpediente: number,
): Promise<{ enEsteExpediente?: { orden: number; nombre: string }; enOtro?: { numero: string } }> {
  const params = new SqlParams();
  const huellaParam = params.add(huella);
  const idParam = params.add(idExpediente);
  const rows = await db.query<{ id_expediente: number; orden: number; nombre: string; numero: string }>(
    `SELECT d.id_expediente, d.orden, d.nombre, e.numero
     FROM documento d JOIN expediente e ON e.id_expediente = d.id_expediente
     WHERE d.huella = ${huellaParam} AND NOT d.anulado
       AND (d.id_expediente = ${idParam} OR ${expedientesVisibles(caller, params, 'e')})
     ORDER BY (d.id_expediente = ${idParam}) DESC, d.id_documento
     LIMIT 1`,
    params.values,
  );
  const [row] = rows;
  if (!row) return {};
  return row.id_expediente === idExpediente
    ? { enEsteExpediente: { orden: row.orden, nombre: row.nombre } }
    : { enOtro: { numero: row.numero } };
}

/** The last entry of the índice: the next one takes `orden + 1` and chains to its hash. */
export async function findUltimaEntrada(
  tx: Queryable,
  idExpediente: number,
): Promise<{ orden: number; hash_entrada: string } | undefined> {
  const [row] = await tx.query<{ orden: number; hash_entrada: string }>(
    'SELECT orden, hash_entrada FROM documento WHERE id_expediente = $1 ORDER BY orden DESC LIMIT 1',
    [idExpediente],
  );
  return row;
}

export async function findTipoDocumental(
  db: Queryable,
  id: number,
): Promise<(CatalogoItem & { activo: boolean }) | undefined> {
  const [row] = await db.query<CatalogoItem & { activo: boolean }>(
    'SELECT id, nombre, activo FROM tipo_documental WHERE id = $1',
    [id],
  );
  return row;
}

export interface NuevoDocumento {
  id_expediente: number;
  orden: number;
  nombre: string;
  id_tipo_documental: number;
  fecha_incorporacion: Date;
  tamano: number;
  formato: string;
  mime: string;
  huella: string;
  clave_almacen: string;
  hash_anterior: string | null;
  hash_entrada: string;
  subido_por: number;
  /** ENI metadata; 'EE01' and 'administracion' (the columns' defaults) unless an ENI import says otherwise. */
  estado_elaboracion?: string;
  origen?: 'ciudadano' | 'administracion';
}

export async function insertDocumento(tx: Queryable, documento: NuevoDocumento): Promise<number> {
  const [row] = await tx.query<{ id_documento: number }>(
    `INSERT INTO documento (id_expediente, orden, nombre, id_tipo_documental, fecha_incorporacion, tamano,
                            formato, mime, huella, clave_almacen, hash_anterior, hash_entrada, subido_por,
                            estado_elaboracion, origen)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     RETURNING id_documento`,
    [
      documento.id_expediente,
      documento.orden,
      documento.nombre,
      documento.id_tipo_documental,
      documento.fecha_incorporacion,
      documento.tamano,
      documento.formato,
      documento.mime,
      documento.huella,
      documento.clave_almacen,
      documento.hash_anterior,
      documento.hash_entrada,
      documento.subido_por,
      documento.estado_elaboracion ?? 'EE01',
      documento.origen ?? 'administracion',
    ],
  );
  return row!.id_documento;
}

export async function updateAnulacion(tx: Queryable, id: number, motivo: string, anuladoPor: number): Promise<void> {
  await tx.query(
    `UPDATE documento SET anulado = true, motivo_anulacion = $2, fecha_anulacion = now(), anulado_por = $3
     WHERE id_documento = $1`,
    [id, motivo, anuladoPor],
  );
}
