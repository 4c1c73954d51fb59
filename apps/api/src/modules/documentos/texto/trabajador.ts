import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ExtraccionConfig } from '../../../config';
import type { Database } from '../../../db/database';
import type { DocumentStorage } from '../../../storage/document-storage';
import { JobFailure, TimeLimitError } from '../../../shared/jobs/job-errors';
import type { TakenJob } from '../../../shared/jobs/job-store';
import type { JobContext, QueueDefinition } from '../../../shared/jobs/queue-definition';
import { COLA_TEXTO, documentoAExtraer, guardarResultado, marcarError, volverAPendiente } from './cola';
import { ExtractorAislado } from './extractor-aislado';
import { ErrorDeExtraccion } from './resultado';
import { cifra } from '../../../shared/numeros';

export interface OpcionesExtraccionTexto {
  db: Database;
  storage: DocumentStorage;
  config: ExtraccionConfig;
}

const NO_SE_PUDO_LEER = 'No se pudo leer el archivo del almacenamiento.';

/**
 * The work of the `texto` queue: one document per job, read from the storage into a temporary
 * file and extracted in a process of its own, all within the queue's time limit; the text and the
 * thumbnail are stored in one transaction, only by the take that still holds the job.
 */
export class ExtraccionTexto {
  /** Extraction processes not in use; one per job running at once, kept for the next. */
  #libres: ExtractorAislado[] = [];
  #todos = new Set<ExtractorAislado>();

  constructor(private readonly opciones: OpcionesExtraccionTexto) {}

  cola(): QueueDefinition {
    const { config } = this.opciones;
    return {
      name: COLA_TEXTO,
      title: 'Extracción de texto',
      workers: config.trabajos,
      maxAttempts: config.intentosMax,
      timeLimitMs: config.tiempoMaxMs,
      timeLimitReason: tiempoAgotado,
      unexpectedFailureReason: 'No se pudo guardar el texto extraído.',
      run: (trabajo, contexto) => this.extraer(trabajo, contexto),
      onFailed: (tx, trabajo, motivo) => marcarError(tx, Number(trabajo.key), motivo),
      onRetry: (tx, trabajo) => volverAPendiente(tx, Number(trabajo.key)),
    };
  }

  /** Ends the extraction processes (the app closes). */
  cerrar(): void {
    for (const extractor of this.#todos) extractor.cerrar();
    this.#todos.clear();
    this.#libres = [];
  }

  async extraer(trabajo: TakenJob, { signal, deadline, complete, log }: JobContext): Promise<void> {
    const { db, storage, config } = this.opciones;
    const id = Number(trabajo.key);
    const documento = await documentoAExtraer(db, id);
    if (!documento) return;
    const carpeta = path.join(tmpdir(), 'ecodigital-texto');
    const ruta = path.join(carpeta, `${randomUUID()}.tmp`);
    const extractor = this.#libres.pop() ?? this.#nuevoExtractor();
    try {
      await mkdir(carpeta, { recursive: true });
      try {
        await pipeline(await leer(storage, documento.clave_almacen, signal), createWriteStream(ruta), { signal });
      } catch (error) {
        if (signal.aborted && !(signal.reason instanceof TimeLimitError)) throw signal.reason;
        log.warn({ err: error }, 'extracción de texto: no se pudo leer el archivo');
        throw new JobFailure(signal.aborted ? `${NO_SE_PUDO_LEER} No terminó de leerse a tiempo.` : NO_SE_PUDO_LEER, {
          permanent: false,
          cause: error,
        });
      }
      let resultado;
      try {
        resultado = await extractor.extraer(
          ruta,
          {
            formato: documento.formato,
            paginasMax: config.paginasMax,
            tessdataDir: config.tessdataDir,
            megapixelesMax: config.megapixelesMax,
            herramientas: { memoriaMb: config.memoriaMaxMb, cpuS: config.tiempoMaxMs / 1000 },
          },
          { plazoMs: deadline === undefined ? config.tiempoMaxMs : deadline - Date.now(), signal },
        );
      } catch (error) {
        if (!(error instanceof ErrorDeExtraccion)) throw error;
        log.warn({ stderr: extractor.ultimoError.slice(-500) }, `extracción de texto: ${error.message}`);
        throw new JobFailure(error.message, { permanent: error.permanente });
      }
      if (await complete((tx) => guardarResultado(tx, id, resultado))) {
        log.info({ paginas: resultado.paginas, ocr: resultado.paginasOcr }, 'texto extraído');
      }
    } finally {
      if (this.#todos.has(extractor)) this.#libres.push(extractor);
      else extractor.cerrar();
      await rm(ruta, { force: true });
    }
  }

  #nuevoExtractor(): ExtractorAislado {
    const extractor = new ExtractorAislado({
      tiempoMaxMs: this.opciones.config.tiempoMaxMs,
      memoriaMaxMb: this.opciones.config.memoriaMaxMb,
    });
    this.#todos.add(extractor);
    return extractor;
  }
}

const tiempoAgotado = (ms: number) => `La extracción tardó más de ${cifra(ms / 1000)} s y se detuvo.`;

/** The stored bytes of `clave`, or the signal's reason if it aborts before the storage answers. */
function leer(storage: DocumentStorage, clave: string, signal: AbortSignal): Promise<Readable> {
  signal.throwIfAborted();
  return new Promise<Readable>((resolve, reject) => {
    const abortar = () => reject(signal.reason);
    signal.addEventListener('abort', abortar, { once: true });
    storage.read(clave).then(
      (flujo) => {
        signal.removeEventListener('abort', abortar);
        if (signal.aborted) flujo.destroy();
        else resolve(flujo);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abortar);
        reject(error);
      },
    );
  });
}
