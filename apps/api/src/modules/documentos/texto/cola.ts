import type { Formato } from '@ecodigital/contracts/documentos';
import type { Queryable } from '../../../db/database';
import type { ResultadoExtraccion } from './resultado';

/** A document whose text is to be extracted, as the worker takes it. */
export interface TrabajoTexto {
  id_documento: number;
  /** This attempt's number (1 for the first). */
  intentos: number;
  formato: Formato;
  clave_almacen: string;
}

/**
 * Takes the oldest pending document that nobody holds (or whose holder's lease expired: its process
 * died), for `arriendoMs`. `FOR UPDATE SKIP LOCKED` lets several workers, in one API or in several,
 * take different documents at the same moment without waiting for each other.
 */
export async function tomarTrabajo(
  db: Queryable,
  trabajador: string,
  arriendoMs: number,
): Promise<TrabajoTexto | undefined> {
  const [fila] = await db.query<TrabajoTexto>(
    `UPDATE documento_texto dt
     SET tomado_por = $1, tomado_hasta = now() + $2 * interval '1 millisecond', intentos = dt.intentos + 1
     FROM documento d
     WHERE d.id_documento = dt.id_documento
       AND dt.id_documento = (
         SELECT id_documento FROM documento_texto
         WHERE estado = 'pendiente' AND disponible_desde <= now() AND (tomado_hasta IS NULL OR tomado_hasta < now())
         ORDER BY disponible_desde, id_documento
         LIMIT 1
         FOR UPDATE SKIP LOCKED
       )
     RETURNING dt.id_documento, dt.intentos, d.formato, d.clave_almacen::text AS clave_almacen`,
    [trabajador, arriendoMs],
  );
  return fila;
}

/** Stores the text, its search vector and the thumbnail, if the worker still holds the document. */
export async function guardarResultado(
  db: Queryable,
  trabajador: string,
  id: number,
  resultado: ResultadoExtraccion,
): Promise<boolean> {
  const filas = await db.query(
    `UPDATE documento_texto dt
     SET estado = CASE WHEN $3 = '' THEN 'sin_texto' ELSE 'indexado' END, motivo = $4,
         texto = NULLIF($3, ''), vector = documento_vector(d.nombre, $3), paginas = $5, paginas_ocr = $6,
         tomado_por = NULL, tomado_hasta = NULL, actualizado = now()
     FROM documento d
     WHERE dt.id_documento = $1 AND d.id_documento = dt.id_documento AND dt.tomado_por = $2
     RETURNING dt.id_documento`,
    [id, trabajador, resultado.texto, resultado.sinTexto ?? null, resultado.paginas, resultado.paginasOcr],
  );
  if (filas.length === 0) return false;
  if (resultado.miniatura) {
    await db.query(
      `INSERT INTO documento_miniatura (id_documento, imagen, ancho, alto) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id_documento) DO UPDATE SET imagen = EXCLUDED.imagen, ancho = EXCLUDED.ancho, alto = EXCLUDED.alto`,
      [id, Buffer.from(resultado.miniatura.imagen), resultado.miniatura.ancho, resultado.miniatura.alto],
    );
  }
  return true;
}

/** Waits before attempt n + 1: 30 s, 2 min, 8 min… at most an hour. */
export function esperaTrasIntento(intentos: number): number {
  return Math.min(30_000 * 4 ** (intentos - 1), 3_600_000);
}

/**
 * A failed attempt: `error` with its reason when it cannot succeed (`permanente`) or no attempt
 * is left; otherwise back to `pendiente` after a wait, with the reason of this failure.
 */
export async function registrarFallo(
  db: Queryable,
  trabajador: string,
  trabajo: Pick<TrabajoTexto, 'id_documento' | 'intentos'>,
  motivo: string,
  definitivo: boolean,
): Promise<'error' | 'pendiente'> {
  const estado = definitivo ? 'error' : 'pendiente';
  await db.query(
    `UPDATE documento_texto dt
     SET estado = $3, motivo = $4, tomado_por = NULL, tomado_hasta = NULL, actualizado = now(),
         disponible_desde = now() + $5 * interval '1 millisecond',
         vector = CASE WHEN dt.vector IS NULL THEN documento_vector(d.nombre, '') ELSE dt.vector END
     FROM documento d
     WHERE dt.id_documento = $1 AND d.id_documento = dt.id_documento AND dt.tomado_por = $2`,
    [
      trabajo.id_documento,
      trabajador,
      estado,
      motivo.slice(0, 1000),
      definitivo ? 0 : esperaTrasIntento(trabajo.intentos),
    ],
  );
  return estado;
}
