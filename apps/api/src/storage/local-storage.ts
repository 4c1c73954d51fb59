import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, readdir, rename, stat, unlink, utimes } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  assertByteRange,
  assertInTempDir,
  assertStorageKey,
  isStorageKey,
  QUARANTINE_PREFIX,
  RangeNotSatisfiableError,
  StoredObjectNotFoundError,
  type ByteRange,
  type StoredObject,
} from './document-storage';
import { StorageBase } from './storage-base';
import { discardTempFile, isErrorCode, newTempPath } from './temp-files';

const SHARD = /^[0-9a-f]{2}$/;

export interface LocalStorageOptions {
  /** Root directory; objects live in `<dir>/ab/cd/<key>`. */
  dir: string;
  /** Defaults to `<dir>/.tmp`, on the same file system so commit is a rename. */
  tempDir?: string;
}

/**
 * Documents on the local disk. Commit is fsync → rename → fsync of the directory, so after a crash
 * a key is either absent or complete. Two levels of two-hex-digit folders keep directories small.
 */
export class LocalDocumentStorage extends StorageBase {
  readonly dir: string;
  readonly tempDir: string;

  constructor(options: LocalStorageOptions) {
    super();
    this.dir = path.resolve(options.dir);
    this.tempDir = path.resolve(options.tempDir ?? path.join(this.dir, '.tmp'));
  }

  async commit(tempPath: string, key: string): Promise<void> {
    assertInTempDir(tempPath, this.tempDir);
    try {
      assertStorageKey(key);
      // The mtime becomes the commit time, which the orphan reconciliation compares with its grace.
      const now = new Date();
      await utimes(tempPath, now, now);
      await syncFile(tempPath);
      const target = this.pathOf(key);
      const folder = path.dirname(target);
      const firstCreated = await mkdir(folder, { recursive: true });
      await moveFile(tempPath, target);
      await syncDirectory(folder);
      if (firstCreated) await this.syncCreatedParents(firstCreated, folder);
    } finally {
      await discardTempFile(tempPath);
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const size = await this.size(key);
    if (!range) return createReadStream(this.pathOf(key));
    assertByteRange(range);
    if (range.start >= size) throw new RangeNotSatisfiableError(range);
    return createReadStream(this.pathOf(key), { start: range.start, end: Math.min(range.end, size - 1) });
  }

  async size(key: string): Promise<number> {
    assertStorageKey(key);
    try {
      return (await stat(this.pathOf(key))).size;
    } catch (error) {
      if (isErrorCode(error, 'ENOENT')) throw new StoredObjectNotFoundError(key);
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    assertStorageKey(key);
    const target = this.pathOf(key);
    try {
      await unlink(target);
    } catch (error) {
      if (isErrorCode(error, 'ENOENT')) return;
      throw error;
    }
    await syncDirectory(path.dirname(target));
  }

  /** Only the `ab/cd/<key>` tree: `.tmp` and `huerfanos` are not two hex digits. */
  async *listStored(): AsyncIterable<StoredObject> {
    for (const first of await subfolders(this.dir)) {
      for (const second of await subfolders(path.join(this.dir, first))) {
        const folder = path.join(this.dir, first, second);
        for (const name of (await readdir(folder).catch(undefinedIfMissing)) ?? []) {
          if (!isStorageKey(name) || !name.startsWith(first + second)) continue;
          const info = await stat(path.join(folder, name)).catch(undefinedIfMissing);
          if (!info?.isFile()) continue;
          yield { key: name, size: info.size, storedAt: info.mtime };
        }
      }
    }
  }

  async quarantine(key: string): Promise<string | undefined> {
    assertStorageKey(key);
    const source = this.pathOf(key);
    const folder = path.join(this.dir, QUARANTINE_PREFIX);
    const created = await mkdir(folder, { recursive: true });
    if (created) await syncDirectory(this.dir);
    try {
      await rename(source, path.join(folder, key));
    } catch (error) {
      if (isErrorCode(error, 'ENOENT')) return undefined;
      throw error;
    }
    await syncDirectory(folder);
    await syncDirectory(path.dirname(source));
    return `${QUARANTINE_PREFIX}/${key}`;
  }

  async close(): Promise<void> {}

  private pathOf(key: string): string {
    return path.join(this.dir, key.slice(0, 2), key.slice(2, 4), key);
  }

  /** A new folder's own entry lives in its parent: sync each level from the shard up to the root. */
  private async syncCreatedParents(firstCreated: string, folder: string): Promise<void> {
    for (let current = folder; current !== path.dirname(firstCreated); current = path.dirname(current)) {
      await syncDirectory(path.dirname(current));
    }
  }
}

async function subfolders(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(undefinedIfMissing);
  return (entries ?? []).filter((entry) => entry.isDirectory() && SHARD.test(entry.name)).map((entry) => entry.name);
}

/** A folder or file removed while being listed (another instance quarantining) is simply skipped. */
function undefinedIfMissing(error: unknown): undefined {
  if (isErrorCode(error, 'ENOENT')) return undefined;
  throw error;
}

async function syncFile(filePath: string): Promise<void> {
  const file = await open(filePath, 'r+');
  try {
    await file.sync();
  } finally {
    await file.close();
  }
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A rename when both sides share a file system; otherwise copy beside the target, sync, rename. */
async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if (!isErrorCode(error, 'EXDEV')) throw error;
    const staging = newTempPath(path.dirname(to));
    try {
      await copyFile(from, staging);
      await syncFile(staging);
      await rename(staging, to);
    } catch (copyError) {
      await discardTempFile(staging);
      throw copyError;
    }
  }
}
