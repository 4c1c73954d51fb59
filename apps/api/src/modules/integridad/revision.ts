import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { JobContext } from '../../shared/jobs/queue-definition';
import type { DocumentStorage } from '../../storage/document-storage';
import type { IntegridadConfig } from '../../config';
import { registrarHallazgo } from './hallazgos';
import { huellaAlmacenada, Limitador } from './huella';
import {
  avanzarRonda,
  destruido,
  findDocumentosDesde,
  findUltimaRonda,
  insertRonda,
  terminarRonda,
  upsertResultado,
} from './integridad.repository';

/** The queue of the revision, and the key of its one recurring job. */
export const COLA_INTEGRIDAD = 'integridad';
export const CLAVE_REVISION = 'revision';

/** How often the recurring job looks whether a round is due (it does nothing otherwise). */
export const COMPROBAR_CADA_MS = 10 * 60_000;

const LOTE = 100;

export interface Revision {
  db: Database;
  storage: DocumentStorage;
  config: IntegridadConfig;
}

/**
 * One take of the revision: resumes the round in progress (its row keeps how far it got, so a
 * restart loses at most the document being read), or begins one when the period since the last
 * began has passed. Every document, anulados too, is re-hashed in id order at no more than the
 * configured MiB/s; each result is committed with the round's progress under the job's fence.
 */
export async function revisar(
  revision: Revision,
  context: Pick<JobContext, 'signal' | 'step'> & { log: FastifyBaseLogger },
) {
  const { db, storage, config } = revision;
  const { signal, log } = context;
  let ronda = await findUltimaRonda(db);
  const debida = !ronda || ronda.iniciada.getTime() + config.periodoMs <= Date.now();
  if (ronda?.terminada && !debida) return;
  if (!ronda || ronda.terminada) {
    ronda = await context.step((tx) => insertRonda(tx));
    log.info(`integridad: empieza la ronda nº ${ronda.id} (${ronda.documentos_total} documentos)`);
  }
  const limitador = new Limitador(config.bytesPorSegundo);
  let ultimo = ronda.ultimo_documento;
  for (;;) {
    const lote = await findDocumentosDesde(db, ultimo, LOTE);
    if (lote.length === 0) break;
    for (const documento of lote) {
      signal.throwIfAborted();
      const huella = await huellaAlmacenada(storage, documento.clave_almacen, { limitador, signal });
      const idRonda = ronda.id;
      await context.step(async (tx) => {
        if (huella === documento.huella) {
          await upsertResultado(tx, documento.id_documento, 'correcto');
        } else if (await destruido(tx, documento.id_documento)) {
          // An acta de eliminación destroyed it after this lot was read: not a finding.
          await avanzarRonda(tx, idRonda, documento, false);
          return;
        } else {
          await registrarHallazgo(tx, log, {
            id_documento: documento.id_documento,
            tipo: huella === undefined ? 'archivo_ausente' : 'archivo_alterado',
            origen: 'revision',
            huella_encontrada: huella,
            id_ronda: idRonda,
          });
        }
        await avanzarRonda(tx, idRonda, documento, huella !== documento.huella);
      });
      ultimo = documento.id_documento;
    }
  }
  const idRonda = ronda.id;
  await context.step((tx) => terminarRonda(tx, idRonda));
  const terminada = await findUltimaRonda(db);
  log.info(
    `integridad: terminada la ronda nº ${idRonda}: ${terminada?.documentos_revisados ?? 0} documentos revisados, ${terminada?.hallazgos ?? 0} hallazgos`,
  );
}
