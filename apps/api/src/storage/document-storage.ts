import path from 'node:path';
import type { Readable } from 'node:stream';
import type { CleanupOptions } from './temp-files';

/**
 * Where document bytes live: a local directory or an S3-compatible bucket. An upload is first
 * received into `tempDir` (see receive.ts), inspected, then `commit`ted under a server-generated
 * key; only after commit resolves is the database row written, and `remove` exists solely to roll
 * back a commit whose transaction failed. Documents are otherwise never deleted.
 */
export interface DocumentStorage {
  /** Local directory where uploads are received before commit. */
  readonly tempDir: string;
  /**
   * Moves a fully received temp file under `key`; once resolved, the object is durable. The temp
   * file is gone afterwards whatever the outcome.
   */
  commit(tempPath: string, key: string): Promise<void>;
  /** The bytes of `key`, or of the inclusive `range`; an `end` past the last byte is clamped. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  size(key: string): Promise<number>;
  exists(key: string): Promise<boolean>;
  /** Only to undo a commit whose database transaction failed; a missing key is not an error. */
  remove(key: string): Promise<void>;
  /** Every committed object (neither temp nor quarantined files), in no particular order. */
  listStored(): AsyncIterable<StoredObject>;
  /**
   * Moves a committed object out of the live keys into `huerfanos/<key>` (kept, never deleted);
   * answers where it went, or `undefined` if it was already gone (another instance moved it).
   */
  quarantine(key: string): Promise<string | undefined>;
  /** Removes leftover `.part` files from `tempDir`; call at start. Answers how many. */
  cleanupTemp(options?: CleanupOptions): Promise<number>;
  /** Releases connections (S3); the storage is unusable afterwards. */
  close(): Promise<void>;
}

export interface StoredObject {
  key: string;
  size: number;
  /** When the object took its key (commit); later for a rewritten one. */
  storedAt: Date;
}

/** Folder (local) or key prefix (S3) where objects without a `documento` row are set aside. */
export const QUARANTINE_PREFIX = 'huerfanos';

/** Inclusive byte offsets, as in HTTP `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

const STORAGE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class InvalidStorageKeyError extends Error {
  readonly code = 'INVALID_STORAGE_KEY';
  constructor(key: string) {
    super(`Clave de almacenamiento no válida: «${key}».`);
    this.name = 'InvalidStorageKeyError';
  }
}

export class StoredObjectNotFoundError extends Error {
  readonly code = 'STORED_OBJECT_NOT_FOUND';
  constructor(readonly key: string) {
    super(`El archivo «${key}» no está en el almacenamiento.`);
    this.name = 'StoredObjectNotFoundError';
  }
}

export class RangeNotSatisfiableError extends Error {
  readonly code = 'RANGE_NOT_SATISFIABLE';
  constructor(readonly range: ByteRange) {
    super(`El rango de bytes ${range.start}-${range.end} no es válido para este archivo.`);
    this.name = 'RangeNotSatisfiableError';
  }
}

/** Keys are UUIDs the server generates (lower-case); anything else never reaches a path or a bucket. */
export function isStorageKey(key: string): boolean {
  return STORAGE_KEY.test(key);
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new InvalidStorageKeyError(key);
}

export function assertByteRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeNotSatisfiableError(range);
  }
}

/** Guards `commit` against being handed a path outside the temp dir. */
export function assertInTempDir(tempPath: string, tempDir: string): void {
  if (path.dirname(path.resolve(tempPath)) !== path.resolve(tempDir)) {
    throw new Error(`El archivo temporal ${tempPath} no está en ${tempDir}.`);
  }
}
