import { execFile } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import type { Worker } from 'tesseract.js';
import { conLimites, type LimitesHerramienta } from './limites-proceso';
import { ErrorDeExtraccion } from './resultado';
import { cifra } from '../../../shared/numeros';

/**
 * Spanish OCR from a model in a local folder (never downloaded): Debian's `tesseract-ocr-spa`
 * (`spa.traineddata`) or the one published on npm (`@tesseract.js-data/spa`, gzipped).
 *
 * Where Debian's `tesseract` program is installed and the model is not gzipped, the page is read by
 * that program, one process per page under the kernel limits of the extraction's tools; it is the
 * reference Tesseract, about a third faster than its WebAssembly build. Otherwise tesseract.js reads
 * it: one worker per extraction process, made on first use and kept for the next documents, so
 * `npm install` alone still gives OCR.
 */
export type MotorOcr = 'tesseract' | 'tesseract.js';

let trabajador: Promise<Worker> | undefined;
let programa: Promise<string | undefined> | undefined;

const MODELO_OCR = 'spa.traineddata';
/** What Leptonica and libpng write when the address space allowed to the program runs out. */
const SIN_MEMORIA = /out of memory|bad_alloc|cannot allocate/i;
/** `tesseract` exits with this when started through prlimit and it is missing. */
const NO_SE_PUDO_EJECUTAR = 127;

const existe = (archivo: string, modo = constants.F_OK) =>
  access(archivo, modo).then(
    () => true,
    () => false,
  );

/** Whether `tessdataDir` holds the Spanish model, and whether gzipped (as npm publishes it). */
async function modeloEn(tessdataDir: string): Promise<{ gzip: boolean } | undefined> {
  if (await existe(path.join(tessdataDir, MODELO_OCR))) return { gzip: false };
  if (await existe(path.join(tessdataDir, `${MODELO_OCR}.gz`))) return { gzip: true };
  return undefined;
}

export async function ocrDisponible(tessdataDir: string): Promise<boolean> {
  return (await modeloEn(tessdataDir)) !== undefined;
}

/** Debian's `tesseract` program, found once on the PATH. */
function programaTesseract(): Promise<string | undefined> {
  programa ??= (async () => {
    for (const carpeta of (process.env.PATH ?? '/usr/bin:/bin').split(path.delimiter)) {
      const ruta = path.join(carpeta, 'tesseract');
      if (await existe(ruta, constants.X_OK)) return ruta;
    }
    return undefined;
  })();
  return programa;
}

/** Which Tesseract reads the pages with the model of `tessdataDir` (the program cannot read a gzipped model). */
export async function motorOcr(tessdataDir: string): Promise<MotorOcr | undefined> {
  const modelo = await modeloEn(tessdataDir);
  if (!modelo) return undefined;
  return !modelo.gzip && (await programaTesseract()) ? 'tesseract' : 'tesseract.js';
}

async function crearTrabajador(tessdataDir: string): Promise<Worker> {
  const { createWorker, OEM } = await import('tesseract.js');
  return createWorker('spa', OEM.LSTM_ONLY, {
    langPath: tessdataDir,
    gzip: (await modeloEn(tessdataDir))?.gzip ?? false,
    // Nothing written next to the process (the default caches the model in the working folder).
    cacheMethod: 'none',
  });
}

/** The text Tesseract reads in an image (PNG, JPEG…) given as bytes; the program runs under `limites`. */
export async function reconocerTexto(
  imagen: Buffer,
  tessdataDir: string,
  limites: LimitesHerramienta,
): Promise<string> {
  if ((await motorOcr(tessdataDir)) === 'tesseract') return conElPrograma(imagen, tessdataDir, limites);
  trabajador ??= crearTrabajador(tessdataDir);
  const { data } = await (await trabajador).recognize(imagen);
  return data.text;
}

/**
 * `tesseract stdin stdout`: the LSTM engine only and the page as one block of text, as the worker
 * reads it (the program's automatic layout takes a page holding a single line for a picture and
 * gives nothing), and one thread, because the extractions already run one per core.
 */
async function conElPrograma(imagen: Buffer, tessdataDir: string, limites: LimitesHerramienta): Promise<string> {
  const { comando, argumentos } = await conLimites(
    'tesseract',
    ['stdin', 'stdout', '--tessdata-dir', tessdataDir, '-l', 'spa', '--oem', '1', '--psm', '6'],
    limites,
  );
  return new Promise<string>((resolve, reject) => {
    const proceso = execFile(
      comando,
      argumentos,
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, OMP_THREAD_LIMIT: '1' } },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        if (error.code === 'ENOENT' || error.code === NO_SE_PUDO_EJECUTAR) {
          return reject(new ErrorDeExtraccion('Falta el programa tesseract (paquete de Debian tesseract-ocr).', false));
        }
        reject(
          new ErrorDeExtraccion(
            error.signal === 'SIGXCPU'
              ? `Leer una página por OCR superó ${cifra(limites.cpuS)} s de CPU y se detuvo.`
              : SIN_MEMORIA.test(stderr) || error.signal === 'SIGABRT'
                ? `No se pudo leer una página por OCR con ${cifra(limites.memoriaMb)} MB de memoria.`
                : 'No se pudo leer el texto de la imagen por OCR.',
            true,
          ),
        );
      },
    );
    // A program that exits before reading its whole input closes the pipe: its exit says why.
    proceso.stdin?.on('error', () => undefined);
    proceso.stdin?.end(imagen);
  });
}

export async function cerrarOcr(): Promise<void> {
  const actual = trabajador;
  trabajador = undefined;
  await (await actual?.catch(() => undefined))?.terminate();
}
