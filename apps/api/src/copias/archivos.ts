import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Writes `datos` to `destino` so that the file is either absent or whole: temp file, fsync, rename. */
export async function escribirAtomico(destino: string, datos: string | Buffer): Promise<void> {
  const temporal = `${destino}.part-${process.pid}`;
  const archivo = await open(temporal, 'w');
  try {
    await archivo.writeFile(datos);
    await archivo.sync();
  } finally {
    await archivo.close();
  }
  await rename(temporal, destino);
  await sincronizarCarpeta(path.dirname(destino));
}

/**
 * Streams `origen` into `destino` through SHA-256 and keeps it only if the hash is `esperado`
 * (temp file, fsync, rename). Answers the hash read.
 */
export async function copiarVerificando(origen: Readable, destino: string, esperado: string): Promise<string> {
  await mkdir(path.dirname(destino), { recursive: true });
  const temporal = `${destino}.part-${process.pid}`;
  const hash = createHash('sha256');
  try {
    origen.on('data', (trozo: Buffer) => hash.update(trozo));
    await pipeline(origen, createWriteStream(temporal));
    const leido = hash.digest('hex');
    if (leido !== esperado) {
      await rm(temporal, { force: true });
      return leido;
    }
    const archivo = await open(temporal, 'r+');
    try {
      await archivo.sync();
    } finally {
      await archivo.close();
    }
    await rename(temporal, destino);
    return leido;
  } catch (error) {
    await rm(temporal, { force: true });
    throw error;
  }
}

export async function tamanoDe(ruta: string): Promise<number | undefined> {
  try {
    return (await stat(ruta)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export async function sha256DeArchivo(origen: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const trozo of origen) hash.update(trozo as Buffer);
  return hash.digest('hex');
}

async function sincronizarCarpeta(carpeta: string): Promise<void> {
  const dir = await open(carpeta, 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}
