import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveToTemp } from './receive';
import { S3DocumentStorage } from './s3-storage';
import { startS3TestServer, type S3TestServer } from './testing/s3-test-server';
import { describeStorageContract } from './testing/storage-contract';

async function s3Storage(server: S3TestServer, bucket = server.bucket) {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 's3-storage-tmp-'));
  const storage = new S3DocumentStorage({
    bucket,
    region: 'us-east-1',
    endpoint: server.endpoint,
    forcePathStyle: true,
    credentials: server.credentials,
    tempDir,
  });
  return {
    storage,
    async teardown() {
      await storage.close();
      await rm(tempDir, { recursive: true, force: true });
    },
  };
}

describeStorageContract('s3 (s3rver)', async () => {
  const server = await startS3TestServer();
  const subject = await s3Storage(server);
  const raw = new S3Client({
    region: 'us-east-1',
    endpoint: server.endpoint,
    forcePathStyle: true,
    credentials: server.credentials,
  });
  return {
    storage: subject.storage,
    async readQuarantined(key) {
      const answer = await raw.send(new GetObjectCommand({ Bucket: server.bucket, Key: `huerfanos/${key}` }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    },
    async teardown() {
      raw.destroy();
      await subject.teardown();
      await server.stop();
    },
  };
});

describe('S3DocumentStorage failures', () => {
  let server: S3TestServer;
  beforeAll(async () => {
    server = await startS3TestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('rejects a commit the server refuses and still removes the temp file', async () => {
    const { storage, teardown } = await s3Storage(server, 'cubo-inexistente');
    try {
      const { tempPath } = await receiveToTemp(Readable.from([Buffer.from('contenido')]), {
        tempDir: storage.tempDir,
        maxBytes: 1024,
      });
      await expect(storage.commit(tempPath, randomUUID())).rejects.toThrow();
      expect(await readdir(storage.tempDir)).toEqual([]);
    } finally {
      await teardown();
    }
  });
});
