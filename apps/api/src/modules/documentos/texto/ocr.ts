import { access } from 'node:fs/promises';
import path from 'node:path';
import type { Worker } from 'tesseract.js';

/**
 * Spanish OCR with tesseract.js and the model of Debian's `tesseract-ocr-spa` (never downloaded:
 * `langPath` is a local folder). One Tesseract worker per extraction process, made on first use
 * and kept for the next documents.
 */
let trabajador: Promise<Worker> | undefined;

export const MODELO_OCR = 'spa.traineddata';

export async function ocrDisponible(tessdataDir: string): Promise<boolean> {
  return access(path.join(tessdataDir, MODELO_OCR)).then(
    () => true,
    () => false,
  );
}

async function crearTrabajador(tessdataDir: string): Promise<Worker> {
  const { createWorker, OEM } = await import('tesseract.js');
  return createWorker('spa', OEM.LSTM_ONLY, {
    langPath: tessdataDir,
    gzip: false,
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
