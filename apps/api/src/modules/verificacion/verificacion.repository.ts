import type { Queryable } from '../../db/database';

/** What a code certifies: a signed índice (`id_firma`) or a copia auténtica (`id_copia`). */
export interface Certificado {
  codigo: string;
  id_firma: number | null;
  id_copia: number | null;
  /** Null for a copia auténtica. */
  motivo: 'cierre' | 'remision' | null;
  firmado_en: Date;
  numero: string;
  unidad_nombre: string;
  codigo_dir3: string | null;
  certificado_sujeto: string;
  solo_desarrollo: boolean;
  tamano: number;
  sha256: string;
  /** The document a copia auténtica reproduces; null for a signed índice. */
  documento_nombre: string | null;
  documento_orden: number | null;
}

/**
 * What the code whose SHA-256 is `huella` certifies. Found by the hash only (unique index), never by the
 * code: the look-up takes the same path for a code that exists and one that does not.
 */
export async function findCertificado(db: Queryable, huella: string): Promise<Certificado | undefined> {
  const [fila] = await db.query<Certificado>(
    `SELECT c.codigo, c.id_firma, c.id_copia, f.motivo, coalesce(f.firmado_en, ca.creada_en) AS firmado_en, e.numero,
            u.nombre AS unidad_nombre, u.codigo_dir3,
            coalesce(f.certificado_sujeto, ca.certificado_sujeto) AS certificado_sujeto,
            coalesce(f.solo_desarrollo, ca.solo_desarrollo) AS solo_desarrollo,
            coalesce(octet_length(f.pdf)::float8, ca.tamano::float8) AS tamano,
            coalesce(encode(sha256(f.pdf), 'hex'), ca.huella) AS sha256,
            d.nombre AS documento_nombre, d.orden AS documento_orden
     FROM codigo_verificacion c
     LEFT JOIN indice_firmado f ON f.id_firma = c.id_firma
     LEFT JOIN copia_autentica ca ON ca.id_copia = c.id_copia
     LEFT JOIN documento d ON d.id_documento = ca.id_documento
     JOIN expediente e ON e.id_expediente = coalesce(f.id_expediente, ca.id_expediente)
     JOIN unidad u ON u.id = e.id_unidad
     WHERE c.huella = $1`,
    [huella],
  );
  return fila;
}

/** The certified copy: the stored PDF of the signed índice, or where the copia auténtica is stored; and what names it. */
export interface CopiaCertificada {
  id_firma: number | null;
  id_copia: number | null;
  /** The signed índice's PDF; null for a copia auténtica (its bytes are in the document storage). */
  pdf: Buffer | null;
  clave_almacen: string | null;
  /** SHA-256 of the copia auténtica's stored bytes, as it was signed; null for a signed índice. */
  huella_copia: string | null;
  numero: string;
  motivo: string | null;
  firmado_en: Date;
  documento_nombre: string | null;
  /** The acta de eliminación that destroyed the copied document's content (and the copy's bytes). */
  acta_eliminacion: string | null;
}

export async function findCopia(db: Queryable, huella: string): Promise<CopiaCertificada | undefined> {
  const [fila] = await db.query<CopiaCertificada>(
    `SELECT c.id_firma, c.id_copia, f.pdf, ca.clave_almacen::text AS clave_almacen, ca.huella AS huella_copia,
            e.numero, f.motivo,
            coalesce(f.firmado_en, ca.creada_en) AS firmado_en, d.nombre AS documento_nombre,
            a.numero AS acta_eliminacion
     FROM codigo_verificacion c
     LEFT JOIN indice_firmado f ON f.id_firma = c.id_firma
     LEFT JOIN copia_autentica ca ON ca.id_copia = c.id_copia
     LEFT JOIN documento d ON d.id_documento = ca.id_documento
     LEFT JOIN acta_eliminacion a ON a.id = d.id_acta_eliminacion
     JOIN expediente e ON e.id_expediente = coalesce(f.id_expediente, ca.id_expediente)
     WHERE c.huella = $1`,
    [huella],
  );
  return fila;
}

export type ResultadoConsulta = 'encontrado' | 'desconocido' | 'mal_formado';

/**
 * One row per look-up, found or not. Its commit does not wait for the WAL to reach the disk
 * (`synchronous_commit` off for this statement's own transaction only): anybody may make look-ups,
 * and on a busy disk that wait was most of the answer's time (decision 0405). A crash of PostgreSQL
 * may lose the records of the last fraction of a second of look-ups, never a code nor anything
 * else; the table stays consistent.
 */
export async function registrarConsulta(
  db: Queryable,
  consulta: {
    ip: string;
    huella: string;
    resultado: ResultadoConsulta;
    descarga: boolean;
    id_firma: number | null;
    id_copia: number | null;
  },
): Promise<void> {
  await db.query(
    `WITH sin_esperar AS (SELECT set_config('synchronous_commit', 'off', true))
     INSERT INTO consulta_verificacion (ip, huella_prefijo, resultado, descarga, id_firma, id_copia)
     SELECT $1, $2, $3, $4, $5, $6 FROM sin_esperar`,
    [
      consulta.ip,
      consulta.huella.slice(0, 16),
      consulta.resultado,
      consulta.descarga,
      consulta.id_firma,
      consulta.id_copia,
    ],
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
