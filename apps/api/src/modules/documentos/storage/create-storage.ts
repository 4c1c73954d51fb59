import type { DocumentStorage } from './document-storage';
import { LocalDocumentStorage } from './local-storage';
import { S3DocumentStorage } from './s3-storage';
import type { StorageConfig } from './storage-config';

export function createDocumentStorage(config: StorageConfig): DocumentStorage {
  if (config.driver === 's3') {
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
