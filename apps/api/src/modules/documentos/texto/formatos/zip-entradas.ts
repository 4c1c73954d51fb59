import type { FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { readAt, readZipDirectory, type ZipEntry } from '../../inspection/zip-directory';
import { ErrorDeExtraccion } from '../resultado';

/**
 * XML parts of office documents, inflated in a stream with a cap on what comes out: a part that
 * expands past `maxBytes` stops the extraction whatever its header declares (a "zip bomb" lies).
 */
export const XML_MAX_BYTES = 64 * 1024 * 1024;

const LOCAL_HEADER_SIGNATURE = 0x04034b50;
const READ_CHUNK = 256 * 1024;

export function demasiadoGrande(nombre: string, maxBytes: number): ErrorDeExtraccion {
  const mb = Math.round(maxBytes / (1024 * 1024));
  return new ErrorDeExtraccion(`La parte «${nombre}» del documento ocupa más de ${mb} MB al descomprimirla.`, true);
}

export async function entradasZip(file: FileHandle): Promise<ZipEntry[]> {
  const { size } = await file.stat();
  const entries = await readZipDirectory(file, size);
  if (!entries) throw new ErrorDeExtraccion('El archivo comprimido del documento está dañado.', true);
  return entries;
}

/**
 * Feeds the uncompressed bytes of `entry` to `onChunk`, in order, never more than `maxBytes` in
 * total. Stored (0) and deflated (8) entries only, as office suites write them.
 */
export async function leerEntrada(
  file: FileHandle,
  entry: ZipEntry,
  onChunk: (chunk: Buffer) => void,
  maxBytes = XML_MAX_BYTES,
): Promise<void> {
  const header = await readAt(file, entry.localHeaderOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_HEADER_SIGNATURE) {
    throw new ErrorDeExtraccion('El archivo comprimido del documento está dañado.', true);
  }
  const dataStart = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  const length = entry.compressedSize;
  async function* compressed() {
    for (let offset = 0; offset < length; offset += READ_CHUNK) {
      const chunk = await readAt(file, dataStart + offset, Math.min(READ_CHUNK, length - offset));
      if (chunk.length === 0) return;
      yield chunk;
    }
  }
  let total = 0;
  const count = (chunk: Buffer) => {
    total += chunk.length;
    if (total > maxBytes) throw demasiadoGrande(entry.name, maxBytes);
    onChunk(chunk);
  };
  if (entry.method === 0) {
    for await (const chunk of compressed()) count(chunk);
    return;
  }
  if (entry.method !== 8) {
    throw new ErrorDeExtraccion(`La parte «${entry.name}» usa una compresión que no se lee.`, true);
  }
  const inflate = Readable.from(compressed()).pipe(createInflateRaw());
  try {
    for await (const chunk of inflate) count(chunk as Buffer);
  } catch (error) {
    if (error instanceof ErrorDeExtraccion) throw error;
    throw new ErrorDeExtraccion(`La parte «${entry.name}» del documento está dañada.`, true);
  } finally {
    inflate.destroy();
  }
}

/** Every entry must inflate within `maxBytes`: checked before a library reads the whole archive in memory. */
export async function comprobarDescompresion(file: FileHandle, entries: ZipEntry[], maxBytes = XML_MAX_BYTES) {
  for (const entry of entries) {
    if (entry.name.endsWith('/')) continue;
    await leerEntrada(file, entry, () => {}, maxBytes);
  }
}
