import type { FirmaIndice, MotivoFirma } from '@ecodigital/contracts/eni';
import { agruparCsv } from '@ecodigital/contracts/verificacion';
import type { Queryable } from '../../db/database';
import { nombreCompletoSql } from '../../shared/sql';

/** What the ENI metadata of an expediente needs, read together. */
export interface DatosEni {
  id_expediente: number;
  numero: string;
  asunto: string;
  estado: string;
  fecha_apertura: Date;
  remision_cerrada_en: Date | null;
  unidad_nombre: string;
  unidad_codigo: string;
  codigo_dir3: string | null;
  tipo_nombre: string;
  codigo_sia: string | null;
}

export async function findDatosEni(db: Queryable, idExpediente: number): Promise<DatosEni | undefined> {
  const [row] = await db.query<DatosEni>(
    `SELECT e.id_expediente, e.numero, e.asunto, e.estado, e.fecha_apertura, e.remision_cerrada_en,
            u.nombre AS unidad_nombre, u.codigo AS unidad_codigo, u.codigo_dir3,
            t.nombre AS tipo_nombre, t.codigo_sia
     FROM expediente e JOIN unidad u ON u.id = e.id_unidad JOIN tipo_expediente t ON t.id = e.id_tipo
     WHERE e.id_expediente = $1`,
    [idExpediente],
  );
  return row;
}

/** A document as the ENI describes it. */
export interface DocumentoEni {
  id_documento: number;
  orden: number;
  nombre: string;
  formato: string;
  mime: string;
  tamano: number;
  huella: string;
  fecha_incorporacion: Date;
  clave_almacen: string;
  estado_elaboracion: string;
  origen: 'ciudadano' | 'administracion';
  tipo_documental: string;
  codigo_td: string | null;
}

/** The documents not anulados, in índice order. */
export function findDocumentosEni(db: Queryable, idExpediente: number): Promise<DocumentoEni[]> {
  return db.query<DocumentoEni>(
    `SELECT d.id_documento, d.orden, d.nombre, d.formato, d.mime, d.tamano::float8 AS tamano, d.huella,
            d.fecha_incorporacion, d.clave_almacen, d.estado_elaboracion, d.origen,
            td.nombre AS tipo_documental, td.codigo_td
     FROM documento d JOIN tipo_documental td ON td.id = d.id_tipo_documental
     WHERE d.id_expediente = $1 AND NOT d.anulado
     ORDER BY d.orden`,
    [idExpediente],
  );
}

export function findInteresadosEni(db: Queryable, idExpediente: number): Promise<{ documento: string }[]> {
  return db.query(
    'SELECT documento FROM interesado WHERE id_expediente = $1 AND retirado_en IS NULL ORDER BY id_interesado',
    [idExpediente],
  );
}

export interface NuevaFirma {
  id_expediente: number;
  motivo: MotivoFirma;
  firmado_en: Date;
  firmado_por: number;
  documentos: number;
  huella_indice: string | null;
  xml: string;
  pdf: Buffer;
  certificado_sujeto: string;
  certificado_emisor: string;
  certificado_serie: string;
  solo_desarrollo: boolean;
  sello_tiempo: Buffer | null;
  sello_tiempo_tsa: string | null;
  sello_tiempo_en: Date | null;
}

export async function insertFirma(tx: Queryable, firma: NuevaFirma): Promise<number> {
  const columnas = Object.keys(firma) as (keyof NuevaFirma)[];
  const [row] = await tx.query<{ id_firma: number }>(
    `INSERT INTO indice_firmado (${columnas.join(', ')})
     VALUES (${columnas.map((_, i) => `$${i + 1}`).join(', ')})
     RETURNING id_firma`,
    columnas.map((columna) => firma[columna]),
  );
  return row!.id_firma;
}

interface FilaFirma {
  id_firma: number;
  motivo: MotivoFirma;
  firmado_en: Date;
  id_usuario: number;
  username: string;
  nombre_completo: string;
  documentos: number;
  huella_indice: string | null;
  certificado_sujeto: string;
  certificado_emisor: string;
  certificado_serie: string;
  solo_desarrollo: boolean;
  sello_tiempo_tsa: string | null;
  sello_tiempo_en: Date | null;
  csv: string;
}

const SIN_SELLO_DE_TIEMPO =
  'Sin sello de tiempo: no hay una autoridad de sellado de tiempo configurada (SELLO_TSA_URL). La fecha de la firma es la del servidor.';

export async function findFirmas(db: Queryable, idExpediente: number, limite: number): Promise<FirmaIndice[]> {
  const filas = await db.query<FilaFirma>(
    `SELECT f.id_firma, f.motivo, f.firmado_en, u.id_usuario, u.username, ${nombreCompletoSql('u')} AS nombre_completo,
            f.documentos, f.huella_indice, f.certificado_sujeto, f.certificado_emisor, f.certificado_serie,
            f.solo_desarrollo, f.sello_tiempo_tsa, f.sello_tiempo_en, c.codigo AS csv
     FROM indice_firmado f JOIN usuario u ON u.id_usuario = f.firmado_por
     JOIN codigo_verificacion c ON c.id_firma = f.id_firma
     WHERE f.id_expediente = $1 ORDER BY f.id_firma LIMIT $2`,
    [idExpediente, limite],
  );
  return filas.map((fila) => ({
    id_firma: fila.id_firma,
    motivo: fila.motivo,
    firmado_en: fila.firmado_en.toISOString(),
    firmado_por: { id_usuario: fila.id_usuario, username: fila.username, nombre_completo: fila.nombre_completo },
    documentos: fila.documentos,
    huella_indice: fila.huella_indice,
    certificado: { sujeto: fila.certificado_sujeto, emisor: fila.certificado_emisor, serie: fila.certificado_serie },
    solo_desarrollo: fila.solo_desarrollo,
    sello_tiempo:
      fila.sello_tiempo_tsa && fila.sello_tiempo_en
        ? { tsa: fila.sello_tiempo_tsa, fecha: fila.sello_tiempo_en.toISOString() }
        : null,
    sello_tiempo_texto:
      fila.sello_tiempo_tsa && fila.sello_tiempo_en
        ? `Con sello de tiempo RFC 3161 de ${fila.sello_tiempo_tsa}.`
        : SIN_SELLO_DE_TIEMPO,
    csv: agruparCsv(fila.csv),
  }));
}

/** The stored signed files of one signature of this expediente. */
export async function findArchivosFirma(
  db: Queryable,
  idExpediente: number,
  idFirma: number,
): Promise<{ xml: string; pdf: Buffer; motivo: MotivoFirma; firmado_en: Date } | undefined> {
  const [row] = await db.query<{ xml: string; pdf: Buffer; motivo: MotivoFirma; firmado_en: Date }>(
    'SELECT xml, pdf, motivo, firmado_en FROM indice_firmado WHERE id_expediente = $1 AND id_firma = $2',
    [idExpediente, idFirma],
  );
  return row;
}

/** Every stored signature of the expediente, to verify them. */
export function findTodasLasFirmas(
  db: Queryable,
  idExpediente: number,
): Promise<{ id_firma: number; motivo: MotivoFirma; firmado_en: Date; xml: string; pdf: Buffer }[]> {
  return db.query(
    'SELECT id_firma, motivo, firmado_en, xml, pdf FROM indice_firmado WHERE id_expediente = $1 ORDER BY id_firma',
    [idExpediente],
  );
}

export async function marcarRemisionCerrada(tx: Queryable, idExpediente: number, idUsuario: number): Promise<void> {
  await tx.query(
    `UPDATE expediente SET remision_cerrada_en = now(), remision_cerrada_por = $2, version = version + 1,
            actualizado_en = now()
     WHERE id_expediente = $1`,
    [idExpediente, idUsuario],
  );
}

/** The latest stored signature of the índice of the expediente, with what it covered. */
export async function findUltimaFirma(
  db: Queryable,
  idExpediente: number,
): Promise<{ xml: string; pdf: Buffer; documentos: number; huella_indice: string | null } | undefined> {
  const [row] = await db.query<{ xml: string; pdf: Buffer; documentos: number; huella_indice: string | null }>(
    `SELECT xml, pdf, documentos, huella_indice FROM indice_firmado
     WHERE id_expediente = $1 ORDER BY id_firma DESC LIMIT 1`,
    [idExpediente],
  );
  return row;
}

/** The acta de eliminación that destroyed documents of the expediente, if any. The caller checked its sight. */
export async function findActaDeEliminacion(db: Queryable, idExpediente: number): Promise<string | undefined> {
  const [fila] = await db.query<{ numero: string }>(
    `SELECT a.numero FROM documento d JOIN acta_eliminacion a ON a.id = d.id_acta_eliminacion
     WHERE d.id_expediente = $1 LIMIT 1`,
    [idExpediente],
  );
  return fila?.numero;
}
