import type { Queryable } from '../../db/database';

export interface Certificado {
  codigo: string;
  id_firma: number;
  motivo: 'cierre' | 'remision';
  firmado_en: Date;
  numero: string;
  unidad_nombre: string;
  codigo_dir3: string | null;
  certificado_sujeto: string;
  solo_desarrollo: boolean;
  tamano: number;
  sha256: string;
}

/**
 * What the code whose SHA-256 is `huella` certifies. Found by the hash only (unique index), never by the
 * code: the look-up takes the same path for a code that exists and one that does not.
 */
export async function findCertificado(db: Queryable, huella: string): Promise<Certificado | undefined> {
  const [fila] = await db.query<Certificado>(
    `SELECT c.codigo, f.id_firma, f.motivo, f.firmado_en, e.numero, u.nombre AS unidad_nombre, u.codigo_dir3,
            f.certificado_sujeto, f.solo_desarrollo, octet_length(f.pdf) AS tamano, encode(sha256(f.pdf), 'hex') AS sha256
     FROM codigo_verificacion c
     JOIN indice_firmado f ON f.id_firma = c.id_firma
     JOIN expediente e ON e.id_expediente = f.id_expediente
     JOIN unidad u ON u.id = e.id_unidad
     WHERE c.huella = $1`,
    [huella],
  );
  return fila;
}

/** The certified copy: the stored PDF of the signed índice, and what names it. */
export async function findCopia(
  db: Queryable,
  huella: string,
): Promise<{ id_firma: number; pdf: Buffer; numero: string; motivo: string; firmado_en: Date } | undefined> {
  const [fila] = await db.query<{ id_firma: number; pdf: Buffer; numero: string; motivo: string; firmado_en: Date }>(
    `SELECT f.id_firma, f.pdf, e.numero, f.motivo, f.firmado_en
     FROM codigo_verificacion c
     JOIN indice_firmado f ON f.id_firma = c.id_firma
     JOIN expediente e ON e.id_expediente = f.id_expediente
     WHERE c.huella = $1`,
    [huella],
  );
  return fila;
}

export type ResultadoConsulta = 'encontrado' | 'desconocido' | 'mal_formado';

/** One row per look-up, found or not. */
export async function registrarConsulta(
  db: Queryable,
  consulta: { ip: string; huella: string; resultado: ResultadoConsulta; descarga: boolean; id_firma: number | null },
): Promise<void> {
  await db.query(
    `INSERT INTO consulta_verificacion (ip, huella_prefijo, resultado, descarga, id_firma) VALUES ($1, $2, $3, $4, $5)`,
    [consulta.ip, consulta.huella.slice(0, 16), consulta.resultado, consulta.descarga, consulta.id_firma],
  );
}

/**
 * Deletes at most `lote` recorded look-ups older than `dias` days, the oldest first (index
 * `consulta_verificacion_en_idx`); answers how many.
 */
export async function borrarConsultasAntiguas(db: Queryable, dias: number, lote: number): Promise<number> {
  const filas = await db.query<{ id_consulta: string }>(
    `DELETE FROM consulta_verificacion
     WHERE id_consulta IN (
       SELECT id_consulta FROM consulta_verificacion
       WHERE consultado_en < now() - $1 * interval '1 day'
       ORDER BY consultado_en LIMIT $2)
     RETURNING id_consulta`,
    [dias, lote],
  );
  return filas.length;
}
