import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { ExtraccionConfig } from '../../../config';
import type { Database } from '../../../db/database';
import type { DocumentStorage } from '../../../storage/document-storage';
import { guardarResultado, registrarFallo, tomarTrabajo, type TrabajoTexto } from './cola';
import { ExtractorAislado } from './extractor-aislado';
import { ErrorDeExtraccion } from './resultado';

/** How often an idle worker looks for work (an upload in this instance wakes it at once). */
const ESPERA_SIN_TRABAJO_MS = 2_000;
/** A lease outlives the extraction's own time limit, so only a dead process loses its documents. */
const MARGEN_ARRIENDO_MS = 60_000;

export interface OpcionesTrabajador {
  db: Database;
  storage: DocumentStorage;
  config: ExtraccionConfig;
  log: FastifyBaseLogger;
}

/**
 * Extracts the text of pending documents in the background: `config.trabajos` loops, each taking
 * one document at a time from the queue in `documento_texto` and extracting it in its own
 * process. Nothing here runs inside a request.
 */
export class TrabajadorTexto {
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  #activo = false;
  #bucles: Promise<void>[] = [];
  #despertadores = new Set<() => void>();
  #extractores: ExtractorAislado[] = [];

  constructor(private readonly opciones: OpcionesTrabajador) {}

  get arriendoMs(): number {
    return this.opciones.config.tiempoMaxMs + MARGEN_ARRIENDO_MS;
  }

  iniciar(): void {
    if (this.#activo || this.opciones.config.trabajos === 0) return;
    this.#activo = true;
    for (let i = 0; i < this.opciones.config.trabajos; i++) this.#bucles.push(this.#bucle(this.#extractor(i)));
  }

  /** Something was uploaded: look for work now instead of at the next poll. */
  despertar(): void {
    for (const despertar of this.#despertadores) despertar();
  }

  async detener(): Promise<void> {
    this.#activo = false;
    this.despertar();
    await Promise.all(this.#bucles);
    this.#bucles = [];
    for (const extractor of this.#extractores) extractor.cerrar();
  }

  /** Processes available documents until none is left (tests, tools); answers how many. */
  async procesarPendientes(): Promise<number> {
    const extractor = this.#extractor(0);
    let hechos = 0;
    for (;;) {
      const trabajo = await tomarTrabajo(this.opciones.db, this.id, this.arriendoMs);
      if (!trabajo) return hechos;
      await this.procesar(trabajo, extractor);
      hechos++;
    }
  }

  #extractor(indice: number): ExtractorAislado {
    this.#extractores[indice] ??= new ExtractorAislado({
      tiempoMaxMs: this.opciones.config.tiempoMaxMs,
      memoriaMaxMb: this.opciones.config.memoriaMaxMb,
    });
    return this.#extractores[indice];
  }

  async #bucle(extractor: ExtractorAislado): Promise<void> {
    while (this.#activo) {
      let trabajo: TrabajoTexto | undefined;
      try {
        trabajo = await tomarTrabajo(this.opciones.db, this.id, this.arriendoMs);
      } catch (error) {
        // The database is restarting, or the schema is not there yet: try again later.
        this.opciones.log.warn({ err: error }, 'extracción de texto: no se pudo consultar la cola');
      }
      if (trabajo) await this.procesar(trabajo, extractor);
      else await this.#esperar(ESPERA_SIN_TRABAJO_MS);
    }
  }

  #esperar(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const listo = () => {
        clearTimeout(temporizador);
        this.#despertadores.delete(listo);
        resolve();
      };
      const temporizador = setTimeout(listo, ms);
      this.#despertadores.add(listo);
    });
  }

  /** One attempt at one document; whatever happens, its state is written. */
  async procesar(trabajo: TrabajoTexto, extractor: ExtractorAislado): Promise<void> {
    const { db, storage, config, log } = this.opciones;
    const registro = log.child({ id_documento: trabajo.id_documento, intento: trabajo.intentos });
    if (trabajo.intentos > config.intentosMax) {
      // Earlier attempts died with their process (a lease expired each time): do not try again.
      await registrarFallo(db, this.id, trabajo, ultimoIntento(config.intentosMax), true);
      registro.warn('extracción de texto: sin intentos');
      return;
    }
    const carpeta = path.join(tmpdir(), 'ecodigital-texto');
    const ruta = path.join(carpeta, `${randomUUID()}.tmp`);
    try {
      await mkdir(carpeta, { recursive: true });
      try {
        await pipeline(await storage.read(trabajo.clave_almacen), createWriteStream(ruta));
      } catch (error) {
        registro.warn({ err: error }, 'extracción de texto: no se pudo leer el archivo');
        throw new ErrorDeExtraccion('No se pudo leer el archivo del almacenamiento.', false);
      }
      const resultado = await extractor.extraer(ruta, {
        formato: trabajo.formato,
        paginasMax: config.paginasMax,
        tessdataDir: config.tessdataDir,
      });
      await guardarResultado(db, this.id, trabajo.id_documento, resultado);
      registro.info({ paginas: resultado.paginas, ocr: resultado.paginasOcr }, 'texto extraído');
    } catch (error) {
      const fallo =
        error instanceof ErrorDeExtraccion
          ? error
          : new ErrorDeExtraccion('No se pudo guardar el texto extraído.', false);
      const definitivo = fallo.permanente || trabajo.intentos >= config.intentosMax;
      const motivo =
        definitivo && !fallo.permanente ? `${fallo.message} ${ultimoIntento(config.intentosMax)}` : fallo.message;
      const estado = await registrarFallo(db, this.id, trabajo, motivo, definitivo).catch((guardar: unknown) => {
        registro.error({ err: guardar }, 'extracción de texto: no se pudo anotar el fallo');
        return 'sin anotar';
      });
      registro.warn(
        { err: error, estado, stderr: extractor.ultimoError.slice(-500) },
        `extracción de texto: ${fallo.message}`,
      );
    } finally {
      await rm(ruta, { force: true });
    }
  }
}

const ultimoIntento = (intentos: number) =>
  intentos === 1 ? 'Se agotó el único intento.' : `Se agotaron los ${intentos} intentos.`;
