import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/database';
import type { DocumentStorage, StoredObject } from '../../storage/document-storage';

/**
 * A stored file without a `documento` row is left by a crash between the storage commit (rename or
 * S3 upload) and the database commit. An upload in flight sits in exactly that state for a moment,
 * so only files older than the grace period are touched, and they are moved to `huerfanos/`, never
 * deleted: the bytes were someone's upload. Several instances may run this at once: a file another
 * one already moved is skipped.
 */

/** Far longer than any upload can stay between its storage commit and its database commit. */
export const GRACIA_HUERFANOS_MS = 60 * 60 * 1000;
const LOTE = 500;

export interface ResultadoReconciliacion {
  revisados: number;
  /** Where each quarantined file went (`huerfanos/<clave>`). */
  apartados: string[];
}

export interface OpcionesReconciliacion {
  graciaMs?: number;
  signal?: AbortSignal;
}

export async function reconciliarHuerfanos(
  db: Queryable,
  storage: DocumentStorage,
  log: FastifyBaseLogger,
  { graciaMs = GRACIA_HUERFANOS_MS, signal }: OpcionesReconciliacion = {},
): Promise<ResultadoReconciliacion> {
  const limite = Date.now() - graciaMs;
  const resultado: ResultadoReconciliacion = { revisados: 0, apartados: [] };
  let lote: StoredObject[] = [];
  for await (const objeto of storage.listStored()) {
    signal?.throwIfAborted();
    resultado.revisados++;
    if (objeto.storedAt.getTime() > limite) continue;
    lote.push(objeto);
    if (lote.length === LOTE) {
      resultado.apartados.push(...(await apartarSinFila(db, storage, log, lote)));
      lote = [];
    }
  }
  if (lote.length > 0) resultado.apartados.push(...(await apartarSinFila(db, storage, log, lote)));
  return resultado;
}

async function apartarSinFila(
  db: Queryable,
  storage: DocumentStorage,
  log: FastifyBaseLogger,
  candidatos: StoredObject[],
): Promise<string[]> {
  const conFila = await db.query<{ clave: string }>(
    // A copia auténtica (decision 0403) keeps its signed PDF in the same storage: it has its row too.
    `SELECT clave_almacen::text AS clave FROM documento WHERE clave_almacen = ANY($1::uuid[])
     UNION ALL
     SELECT clave_almacen::text FROM copia_autentica WHERE clave_almacen = ANY($1::uuid[])`,
    [candidatos.map((objeto) => objeto.key)],
  );
  const conocidas = new Set(conFila.map((fila) => fila.clave));
  const apartados: string[] = [];
  for (const objeto of candidatos.filter((candidato) => !conocidas.has(candidato.key))) {
    const destino = await storage.quarantine(objeto.key);
    if (!destino) continue;
    apartados.push(destino);
    log.warn(
      { clave: objeto.key, tamano: objeto.size, almacenado_en: objeto.storedAt.toISOString(), destino },
      'archivo almacenado sin documento: apartado a huerfanos/ para revisión',
    );
  }
  return apartados;
}

/**
 * Runs the reconciliation after start without delaying it (listing a large bucket takes a while);
 * `detener` before closing the app.
 */
export function reconciliarEnSegundoPlano(
  db: Queryable,
  storage: DocumentStorage,
  log: FastifyBaseLogger,
): { detener(): Promise<void> } {
  const controller = new AbortController();
  const trabajo = reconciliarHuerfanos(db, storage, log, { signal: controller.signal }).then(
    ({ revisados, apartados }) =>
      log.info({ revisados, apartados: apartados.length }, 'almacenamiento reconciliado con los documentos'),
    (error: unknown) => {
      if (!controller.signal.aborted)
        log.error({ err: error }, 'no se pudo reconciliar el almacenamiento con los documentos');
    },
  );
  return {
    async detener() {
      controller.abort();
      await trabajo;
    },
  };
}
