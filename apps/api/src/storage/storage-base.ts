import { mkdir } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { StoredObjectNotFoundError, type ByteRange, type DocumentStorage, type StoredObject } from './document-storage';
import { removeLeftoverTempFiles, type CleanupOptions } from './temp-files';

/** What every driver does the same way: `exists` through `size`, and the local temp dir. */
export abstract class StorageBase implements DocumentStorage {
  abstract readonly tempDir: string;
  abstract commit(tempPath: string, key: string): Promise<void>;
  abstract read(key: string, range?: ByteRange): Promise<Readable>;
  /** Must throw StoredObjectNotFoundError for a missing key. */
  abstract size(key: string): Promise<number>;
  abstract remove(key: string): Promise<void>;
  abstract listStored(): AsyncIterable<StoredObject>;
  abstract quarantine(key: string): Promise<string | undefined>;
  abstract close(): Promise<void>;

  async exists(key: string): Promise<boolean> {
    try {
      await this.size(key);
      return true;
    } catch (error) {
      if (error instanceof StoredObjectNotFoundError) return false;
      throw error;
    }
  }

  async cleanupTemp(options?: CleanupOptions): Promise<number> {
    await mkdir(this.tempDir, { recursive: true });
    return removeLeftoverTempFiles(this.tempDir, options);
  }
}
