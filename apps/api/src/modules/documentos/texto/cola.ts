import type { Formato } from '@ecodigital/contracts/documentos';
import type { Queryable } from '../../../db/database';
import type { ResultadoExtraccion } from './resultado';

/**
 * The queue of the job runner (`shared/jobs`) that extracts the text of documents: one job per
 * document, keyed by its id, queued by the trigger that inserts the document (migration 016).
 */
export const COLA_TEXTO = 'texto';

/** What the worker needs of the document a job names. */
export interface DocumentoAExtraer {
  formato: Formato;
  clave_almacen: string;
}

/** Nothing to read once an acta de eliminación destroyed the document: its bytes are gone or going. */
export async function documentoAExtraer(db: Queryable, idDocumento: number): Promise<DocumentoAExtraer | undefined> {
  const [fila] = await db.query<DocumentoAExtraer>(
    'SELECT formato, clave_almacen::text AS clave_almacen FROM documento WHERE id_documento = $1 AND destruido_en IS NULL',
    [idDocumento],
  );
  return fila;
}

/**
 * The text, its search vector and the thumbnail, in the caller's transaction: the job runner
 * calls it under the take's fence, so both are stored together by the take that holds the job, or
 * neither.
 */
export async function guardarResultado(tx: Queryable, id: number, resultado: ResultadoExtraccion): Promise<void> {
  // An acta approved while the bytes were read destroyed the document: neither its text nor an image
  // of it may stay. The share lock waits for an approval in course (it updates the row) and sees it.
  const [vigente] = await tx.query(
    'SELECT 1 FROM documento WHERE id_documento = $1 AND destruido_en IS NULL FOR SHARE',
    [id],
  );
  if (!vigente) return;
  await tx.query(
    `UPDATE documento_texto dt
     SET estado = CASE WHEN $2 = '' THEN 'sin_texto' ELSE 'indexado' END, motivo = $3,
         texto = NULLIF($2, ''), vector = documento_vector(d.nombre, $2), paginas = $4, paginas_ocr = $5,
         actualizado = now()
     FROM documento d
     WHERE dt.id_documento = $1 AND d.id_documento = dt.id_documento`,
    [id, resultado.texto, resultado.sinTexto ?? null, resultado.paginas, resultado.paginasOcr],
  );
  if (resultado.miniatura) {
    await tx.query(
      `INSERT INTO documento_miniatura (id_documento, imagen, ancho, alto) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id_documento) DO UPDATE SET imagen = EXCLUDED.imagen, ancho = EXCLUDED.ancho, alto = EXCLUDED.alto`,
      [id, Buffer.from(resultado.miniatura.imagen), resultado.miniatura.ancho, resultado.miniatura.alto],
    );
  }
}

/** The extraction failed for good: `error` with its reason; the document stays findable by its name. */
export async function marcarError(tx: Queryable, id: number, motivo: string): Promise<void> {
  await tx.query(
    `UPDATE documento_texto dt
     SET estado = 'error', motivo = $2, actualizado = now(),
         vector = CASE WHEN dt.vector IS NULL THEN documento_vector(d.nombre, '') ELSE dt.vector END
     FROM documento d
     WHERE dt.id_documento = $1 AND d.id_documento = dt.id_documento`,
    [id, motivo.slice(0, 1000)],
  );
}

/** An administrator retries its failed job: pending again (text and vector stay until replaced). */
export async function volverAPendiente(tx: Queryable, id: number): Promise<void> {
  await tx.query(
    `UPDATE documento_texto SET estado = 'pendiente', motivo = NULL, actualizado = now() WHERE id_documento = $1`,
    [id],
  );
}
