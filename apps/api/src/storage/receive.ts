import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { discardTempFile, newTempPath } from './temp-files';

/**
 * Streams an upload into a new temp file, hashing and counting as the bytes pass, so memory stays
 * flat whatever the size. Stops as soon as the limit is crossed. On any failure (too large, empty,
 * client abort, disk error) the temp file is removed; on success it is flushed to disk.
 */

export interface ReceivedFile {
  tempPath: string;
  size: number;
  /** Lower-case hex. */
  sha256: string;
}

export interface ReceiveOptions {
  tempDir: string;
  maxBytes: number;
  signal?: AbortSignal;
}

export class FileTooLargeError extends Error {
  readonly code = 'FILE_TOO_LARGE';
  constructor(readonly maxBytes: number) {
    super(`El archivo supera el tamaño máximo de ${maxBytes} bytes.`);
    this.name = 'FileTooLargeError';
  }
}

export class EmptyFileError extends Error {
  readonly code = 'EMPTY_FILE';
  constructor() {
    super('El archivo está vacío.');
    this.name = 'EmptyFileError';
  }
}

/**
 * With the default 16 KiB, every 64 KiB socket chunk stalls the request until the disk write before
 * it returns, so receiving and writing never overlap; 1 MiB lets the socket keep flowing while the
 * queued chunks go down in one writev.
 */
const WRITE_BUFFER_BYTES = 1024 * 1024;

export async function receiveToTemp(
  source: Readable,
  { tempDir, maxBytes, signal }: ReceiveOptions,
): Promise<ReceivedFile> {
  await mkdir(tempDir, { recursive: true });
  const tempPath = newTempPath(tempDir);
  const meter = new HashingMeter(maxBytes);
  try {
    const file = createWriteStream(tempPath, { flags: 'wx', mode: 0o600, highWaterMark: WRITE_BUFFER_BYTES });
    await pipeline(source, meter, file, { signal });
    if (meter.size === 0) throw new EmptyFileError();
    await syncToDisk(tempPath);
    return { tempPath, size: meter.size, sha256: meter.digest() };
  } catch (error) {
    await discardTempFile(tempPath);
    throw error;
  }
}

/** fsync applies to the file, not the descriptor: a fresh one flushes what the stream wrote. */
async function syncToDisk(filePath: string): Promise<void> {
  const file = await open(filePath, 'r+');
  try {
    await file.sync();
  } finally {
    await file.close();
  }
}

class HashingMeter extends Transform {
  size = 0;
  private readonly hash = createHash('sha256');

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.size + chunk.length > this.maxBytes) {
      callback(new FileTooLargeError(this.maxBytes));
      return;
    }
    this.size += chunk.length;
    this.hash.update(chunk);
    callback(null, chunk);
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}
