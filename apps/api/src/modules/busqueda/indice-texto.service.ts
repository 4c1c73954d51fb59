import { LIMITES_BUSQUEDA, type IndiceTextoEstado, type Reindexar } from '@ecodigital/contracts/documentos';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/database';
import type { Caller } from '../../shared/caller/caller';
import { isoString } from '../../shared/dates';
import { nombreCompletoSql } from '../../shared/sql';
import { COLA_TEXTO } from '../documentos/documentos.public';
import { enqueueJob } from '../../shared/jobs/job-store';
import { reindexadoEnCurso } from './busqueda.mensajes';

/** Documents per batch of a re-indexing: one statement each, progress committed with it. */
export const LOTE_REINDEXADO = 1000;

export async function estadoIndice(db: Queryable, ocrDisponible: boolean): Promise<IndiceTextoEstado> {
  const estados = await db.query<{ estado: keyof IndiceTextoEstado['porEstado']; n: string }>(
    'SELECT estado, count(*) AS n FROM documento_texto GROUP BY estado',
  );
  const porEstado = { pendiente: 0, indexado: 0, sin_texto: 0, error: 0 };
  for (const fila of estados) porEstado[fila.estado] = Number(fila.n);
  const [enProceso] = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM trabajo WHERE cola = $1 AND estado = 'en_curso' AND tomado_hasta > now()`,
    [COLA_TEXTO],
  );
  const [ultimo] = await db.query<{
    modo: 'vectores' | 'extraccion';
    iniciado: Date;
    terminado: Date | null;
    total: number;
    hechos: number;
    solicitado_por: string;
  }>(
    `SELECT r.modo, r.iniciado, r.terminado, r.total, r.hechos, ${nombreCompletoSql('u')} AS solicitado_por
     FROM reindexado r JOIN usuario u ON u.id_usuario = r.solicitado_por
     ORDER BY r.id DESC LIMIT 1`,
  );
  const errores = await db.query<{
    id_documento: number;
    nombre: string;
    numero: string;
    motivo: string | null;
    actualizado: Date;
  }>(
    `SELECT dt.id_documento, d.nombre, e.numero, dt.motivo, dt.actualizado
     FROM documento_texto dt
     JOIN documento d ON d.id_documento = dt.id_documento
     JOIN expediente e ON e.id_expediente = d.id_expediente
     WHERE dt.estado = 'error'
     ORDER BY dt.actualizado DESC, dt.id_documento DESC
     LIMIT ${LIMITES_BUSQUEDA.erroresListados}`,
  );
  return {
    porEstado,
    enProceso: Number(enProceso?.n ?? 0),
    reindexado: ultimo
      ? {
          ...ultimo,
          iniciado: isoString(ultimo.iniciado),
          terminado: ultimo.terminado === null ? null : isoString(ultimo.terminado),
        }
      : null,
    ocrDisponible,
    errores: errores.map((fila) => ({ ...fila, actualizado: isoString(fila.actualizado) })),
  };
}

/** The queue of the job runner whose jobs are re-indexing runs, keyed by the run's id. */
export const COLA_REINDEXADO = 'reindexado';

/** Records a new run and queues its job, in one transaction (409 while another run is unfinished). */
export async function iniciarReindexado(db: Database, caller: Caller, cuerpo: Reindexar): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const [fila] = await tx.query<{ id: number }>(
        `INSERT INTO reindexado (modo, solicitado_por, total)
         SELECT $1, $2, count(*) FROM documento_texto
         RETURNING id`,
        [cuerpo.modo ?? 'vectores', caller.id_usuario],
      );
      await enqueueJob(tx, COLA_REINDEXADO, { key: String(fila!.id), description: `Reindexado nº ${fila!.id}` });
      return fila!.id;
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw reindexadoEnCurso();
    throw error;
  }
}

/** A run whose job failed for good ends where it stopped, so that another may be started. */
export async function cerrarReindexado(tx: Queryable, id: number): Promise<void> {
  await tx.query('UPDATE reindexado SET terminado = now() WHERE id = $1 AND terminado IS NULL', [id]);
}

const CAMBIOS: Record<'vectores' | 'extraccion', { set: string; encolar: boolean }> = {
  // The stored text is indexed again with the current configuration.
  vectores: { set: 'vector = documento_vector(d.nombre, dt.texto)', encolar: false },
  // Read again by the workers of the `texto` queue; text and vector stay searchable until the new ones replace them.
  extraccion: { set: `estado = 'pendiente', motivo = NULL`, encolar: true },
};

/**
 * Runs `id` batch after batch from where it stopped, each batch with its progress one statement
 * in its own transaction (`paso`: the job's fenced step, so a take that lost its lease writes
 * nothing), until every document is done. Memory does not grow with the number of documents:
 * PostgreSQL does the work and only counters come back. Stops between batches when `signal` aborts.
 */
export async function ejecutarReindexado(
  paso: <T>(escribir: (tx: Queryable) => Promise<T>) => Promise<T>,
  id: number,
  opciones: { log: FastifyBaseLogger; signal: AbortSignal; alAvanzar?: () => void },
): Promise<void> {
  const [ejecucion] = await paso((tx) =>
    tx.query<{ modo: 'vectores' | 'extraccion' }>('SELECT modo FROM reindexado WHERE id = $1', [id]),
  );
  if (!ejecucion) return;
  const cambio = CAMBIOS[ejecucion.modo];
  for (;;) {
    opciones.signal.throwIfAborted();
    const [fila] = await paso((tx) =>
      tx.query<{ terminado: Date | null }>(
        `WITH lote AS (
           SELECT dt.id_documento FROM documento_texto dt, reindexado r
           WHERE r.id = $1 AND dt.id_documento > r.ultimo_id
           ORDER BY dt.id_documento LIMIT $2
         ),
         hecho AS (
           UPDATE documento_texto dt SET ${cambio.set}
           FROM documento d, lote
           WHERE dt.id_documento = lote.id_documento AND d.id_documento = dt.id_documento
           RETURNING dt.id_documento
         ),
         -- A SELECT in WITH runs only when read: the count below reads it.
         encolados AS (
           SELECT encolar_trabajo($3, id_documento::text, 'Documento nº ' || id_documento) FROM hecho WHERE $4
         )
         UPDATE reindexado
         SET hechos = hechos + (SELECT count(*) FROM hecho) + 0 * (SELECT count(*) FROM encolados),
             ultimo_id = coalesce((SELECT max(id_documento) FROM hecho), ultimo_id),
             terminado = CASE WHEN (SELECT count(*) FROM hecho) < $2 THEN now() END
         WHERE id = $1 AND terminado IS NULL
         RETURNING terminado`,
        [id, LOTE_REINDEXADO, COLA_TEXTO, cambio.encolar],
      ),
    );
    opciones.alAvanzar?.();
    if (!fila || fila.terminado) {
      opciones.log.info({ id, modo: ejecucion.modo }, 'reindexado terminado');
      return;
    }
  }
}
