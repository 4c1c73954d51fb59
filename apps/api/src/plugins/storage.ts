import fp from 'fastify-plugin';
import { createDocumentStorage } from '../modules/documentos/storage/create-storage';
import type { DocumentStorage } from '../modules/documentos/storage/document-storage';
import type { StorageConfig } from '../modules/documentos/storage/storage-config';

declare module 'fastify' {
  interface FastifyInstance {
    storage: DocumentStorage;
    storageConfig: StorageConfig;
  }
}

/**
 * Decorates `storage` (local directory or S3 bucket) and `storageConfig`. At start it removes the
 * temporary files a crash or a killed process left behind; closes the storage with the app.
 */
export default fp<{ config: StorageConfig }>(
  async (app, { config }) => {
    const storage = createDocumentStorage(config);
    const removed = await storage.cleanupTemp();
    if (removed > 0) app.log.warn({ removed, tempDir: storage.tempDir }, 'archivos temporales abandonados eliminados');
    app.decorate('storage', storage);
    app.decorate<StorageConfig>('storageConfig', config);
    app.addHook('onClose', async () => {
      await storage.close();
    });
  },
  { name: 'storage' },
);
