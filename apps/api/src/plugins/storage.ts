import fp from 'fastify-plugin';
import { createDocumentStorage } from '../storage/create-storage';
import type { DocumentStorage } from '../storage/document-storage';
import type { StorageConfig } from '../storage/storage-config';

declare module 'fastify' {
  interface FastifyInstance {
    storage: DocumentStorage;
    storageConfig: StorageConfig;
  }
}

// Another instance may receive into the same temp dir (same host, or a shared STORAGE_DIR), so only
// files nobody has written to for this long count as abandoned: an upload in progress keeps its
// file's mtime fresh.
export const ABANDONED_UPLOAD_AGE_MS = 60 * 60_000;

/**
 * Decorates `storage` (local directory or S3 bucket) and `storageConfig`. At start, and every
 * `ABANDONED_UPLOAD_AGE_MS` after, it removes the temporary files a crash or a killed process left
 * behind; closes the storage with the app.
 */
export default fp<{ config: StorageConfig }>(
  async (app, { config }) => {
    const storage = await createDocumentStorage(config);
    const removeAbandoned = async () => {
      const removed = await storage.cleanupTemp({ olderThanMs: ABANDONED_UPLOAD_AGE_MS });
      if (removed > 0)
        app.log.warn({ removed, tempDir: storage.tempDir }, 'archivos temporales abandonados eliminados');
    };
    await removeAbandoned();
    const sweep = setInterval(() => {
      removeAbandoned().catch((error: unknown) =>
        app.log.error({ err: error }, 'no se pudieron limpiar los archivos temporales'),
      );
    }, ABANDONED_UPLOAD_AGE_MS);
    sweep.unref();
    app.decorate('storage', storage);
    app.decorate<StorageConfig>('storageConfig', config);
    app.addHook('onClose', async () => {
      clearInterval(sweep);
      await storage.close();
    });
  },
  { name: 'storage' },
);
