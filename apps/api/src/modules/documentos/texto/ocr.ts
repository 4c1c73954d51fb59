import { access } from 'node:fs/promises';
import path from 'node:path';
import type { Worker } from 'tesseract.js';

/**
 * Spanish OCR with tesseract.js and a model from a local folder (never downloaded: `langPath` is
 * a folder): Debian's `tesseract-ocr-spa` (`spa.traineddata`) or the one published on npm
 * (`@tesseract.js-data/spa`, gzipped). One Tesseract worker per extraction process, made on first
 * use and kept for the next documents.
 */
let trabajador: Promise<Worker> | undefined;

const MODELO_OCR = 'spa.traineddata';

const existe = (archivo: string) =>
  access(archivo).then(
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

async function crearTrabajador(tessdataDir: string): Promise<Worker> {
  const { createWorker, OEM } = await import('tesseract.js');
  return createWorker('spa', OEM.LSTM_ONLY, {
    langPath: tessdataDir,
    gzip: (await modeloEn(tessdataDir))?.gzip ?? false,
    // Nothing written next to the process (the default caches the model in the working folder).
    cacheMethod: 'none',
  });
}

/** The text Tesseract reads in an image (PNG, JPEG…) given as bytes. */
export async function reconocerTexto(imagen: Buffer, tessdataDir: string): Promise<string> {
  trabajador ??= crearTrabajador(tessdataDir);
  const { data } = await (await trabajador).recognize(imagen);
  return data.text;
}

export async function cerrarOcr(): Promise<void> {
  const actual = trabajador;
  trabajador = undefined;
  await (await actual?.catch(() => undefined))?.terminate();
}
