import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { setTimeout as esperar } from 'node:timers/promises';
import { ApiHttpError } from '../../shared/errors';
import { StoredObjectNotFoundError, type DocumentStorage } from '../../storage/document-storage';

/**
 * Keeps a reader under `bytesPorSegundo` on average since it was made: after each chunk it waits
 * until the bytes read so far fit in the time elapsed. 0 or less: no limit.
 */
export class Limitador {
  #inicio = performance.now();
  #bytes = 0;
  constructor(private readonly bytesPorSegundo: number) {}

  async consumir(bytes: number, signal?: AbortSignal): Promise<void> {
    this.#bytes += bytes;
    if (this.bytesPorSegundo <= 0) return;
    const adelanto = (this.#bytes / this.bytesPorSegundo) * 1000 - (performance.now() - this.#inicio);
    if (adelanto > 1) await esperar(adelanto, undefined, { signal });
  }
}

/** The SHA-256 of a stored object read through `limitador`, or `undefined` when it is not there. */
export async function huellaAlmacenada(
  storage: DocumentStorage,
  clave: string,
  options: { limitador?: Limitador; signal?: AbortSignal } = {},
): Promise<string | undefined> {
  const hash = createHash('sha256');
  let contenido;
  try {
    contenido = await storage.read(clave);
  } catch (error) {
    if (error instanceof StoredObjectNotFoundError) return undefined;
    throw error;
  }
  try {
    for await (const chunk of contenido) {
      hash.update(chunk as Buffer);
      await options.limitador?.consumir((chunk as Buffer).length, options.signal);
    }
  } finally {
    contenido.destroy();
  }
  return hash.digest('hex');
}

/**
 * The stored file does not match its SHA-256. When it is found before a byte went out (a file of one
 * chunk), the client gets this answer; otherwise the transfer is simply cut.
 */
class ArchivoAlteradoError extends ApiHttpError {
  constructor(readonly huellaEncontrada: string) {
    super(500, MENSAJE_ARCHIVO_ALTERADO, 'ARCHIVO_ALTERADO');
    this.name = 'ArchivoAlteradoError';
  }
}

const MENSAJE_ARCHIVO_ALTERADO =
  'El archivo de este documento no coincide con su huella SHA-256: no se entrega. Se avisó a los administradores.';

/**
 * Passes a stored file's bytes through SHA-256 on their way to the client, always holding the
 * last chunk back: only once every byte matched `huella` does that chunk go out. Otherwise the
 * stream fails before its last byte (`alFallar` is told), so the client never holds the altered
 * file complete — with its Content-Length, it sees a short read.
 */
export function verificarAlPasar(huella: string, alFallar: (huellaEncontrada: string) => void): Transform {
  const hash = createHash('sha256');
  let retenido: Buffer | undefined;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      hash.update(chunk);
      const anterior = retenido;
      retenido = chunk;
      callback(null, anterior);
    },
    flush(callback: TransformCallback) {
      const encontrada = hash.digest('hex');
      if (encontrada !== huella) {
        alFallar(encontrada);
        callback(new ArchivoAlteradoError(encontrada));
        return;
      }
      callback(null, retenido);
    },
  });
}
