import { randomUUID } from 'node:crypto';
import { readdir, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

/** Uploads are written as `<uuid>.part` in the temp dir until committed or discarded. */
const TEMP_SUFFIX = '.part';

export function newTempPath(tempDir: string): string {
  return path.join(tempDir, `${randomUUID()}${TEMP_SUFFIX}`);
}

/** Removes a received file that will not be committed (refused type, failed request). */
export async function discardTempFile(tempPath: string): Promise<void> {
  await rm(tempPath, { force: true });
}

export interface CleanupOptions {
  /** Only files not modified for this long: lets an instance start while another shares the dir. */
  olderThanMs?: number;
}

/** Deletes `.part` files left by a crash or a killed process; answers how many. */
export async function removeLeftoverTempFiles(
  tempDir: string,
  { olderThanMs = 0 }: CleanupOptions = {},
): Promise<number> {
  let names: string[];
  try {
    names = await readdir(tempDir);
  } catch (error) {
    if (isErrorCode(error, 'ENOENT')) return 0;
    throw error;
  }
  const cutoff = Date.now() - olderThanMs;
  let removed = 0;
  for (const name of names.filter((candidate) => candidate.endsWith(TEMP_SUFFIX))) {
    const filePath = path.join(tempDir, name);
    try {
      if (olderThanMs > 0 && (await stat(filePath)).mtimeMs > cutoff) continue;
      await unlink(filePath);
      removed++;
    } catch (error) {
      if (!isErrorCode(error, 'ENOENT')) throw error;
    }
  }
  return removed;
}

export function isErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
