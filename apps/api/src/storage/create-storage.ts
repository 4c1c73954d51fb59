import type { DocumentStorage } from './document-storage';
import { LocalDocumentStorage } from './local-storage';
import type { StorageConfig } from './storage-config';

/** The AWS SDK (some 20 MiB of memory) is loaded only by instances that store in S3. */
export async function createDocumentStorage(config: StorageConfig): Promise<DocumentStorage> {
  if (config.driver === 's3') {
    const { S3DocumentStorage } = await import('./s3-storage');
    return new S3DocumentStorage({
      bucket: config.bucket,
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      tempDir: config.tempDir,
    });
  }
  return new LocalDocumentStorage({ dir: config.dir, tempDir: config.tempDir });
}
