import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDocumentStorage } from './create-storage';
import { LocalDocumentStorage } from './local-storage';
import { S3DocumentStorage } from './s3-storage';
import { loadStorageConfig } from './storage-config';

describe('loadStorageConfig', () => {
  it('defaults to local storage in ./data/documentos with a 100 MB limit', () => {
    expect(loadStorageConfig({})).toEqual({
      driver: 'local',
      dir: path.resolve('data/documentos'),
      tempDir: path.resolve('data/documentos/.tmp'),
      maxUploadMb: 100,
      maxUploadBytes: 100 * 1024 * 1024,
    });
  });

  it('follows DATA_DIR, and STORAGE_DIR / STORAGE_TEMP_DIR / MAX_UPLOAD_MB when given', () => {
    expect(loadStorageConfig({ DATA_DIR: '/var/lib/eco' })).toMatchObject({ dir: '/var/lib/eco/documentos' });
    expect(
      loadStorageConfig({
        STORAGE_DIR: '/srv/docs',
        STORAGE_TEMP_DIR: '/srv/docs-tmp',
        MAX_UPLOAD_MB: '2.5',
        DATA_DIR: '/x',
      }),
    ).toEqual({
      driver: 'local',
      dir: '/srv/docs',
      tempDir: '/srv/docs-tmp',
      maxUploadMb: 2.5,
      maxUploadBytes: 2.5 * 1024 * 1024,
    });
  });

  it('reads the S3 settings; path-style addressing defaults on with an endpoint', () => {
    expect(
      loadStorageConfig({
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'documentos',
        S3_ENDPOINT: 'http://minio:9000',
        S3_ACCESS_KEY_ID: 'clave',
        S3_SECRET_ACCESS_KEY: 'secreto',
      }),
    ).toEqual({
      driver: 's3',
      bucket: 'documentos',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'clave', secretAccessKey: 'secreto' },
      tempDir: path.join(os.tmpdir(), 'ecodigital-uploads'),
      maxUploadMb: 100,
      maxUploadBytes: 100 * 1024 * 1024,
    });
    expect(
      loadStorageConfig({
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'b',
        S3_REGION: 'eu-south-2',
        S3_FORCE_PATH_STYLE: 'false',
      }),
    ).toMatchObject({ region: 'eu-south-2', endpoint: undefined, forcePathStyle: false, credentials: undefined });
    expect(loadStorageConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b' })).toMatchObject({ forcePathStyle: false });
  });

  it.each([
    [{ STORAGE_DRIVER: 'ftp' }, /STORAGE_DRIVER/],
    [{ STORAGE_DRIVER: 's3' }, /S3_BUCKET/],
    [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'solo-clave' }, /S3_SECRET_ACCESS_KEY/],
    [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'quizá' }, /S3_FORCE_PATH_STYLE/],
    [{ MAX_UPLOAD_MB: 'cien' }, /MAX_UPLOAD_MB/],
    [{ MAX_UPLOAD_MB: '0' }, /MAX_UPLOAD_MB/],
    [{ MAX_UPLOAD_MB: '-5' }, /MAX_UPLOAD_MB/],
  ])('refuses %j', (env, message) => {
    expect(() => loadStorageConfig(env)).toThrow(message);
  });
});

describe('createDocumentStorage', () => {
  it('builds the driver the configuration names', async () => {
    const local = await createDocumentStorage(loadStorageConfig({ STORAGE_DIR: '/srv/docs' }));
    expect(local).toBeInstanceOf(LocalDocumentStorage);
    expect(local.tempDir).toBe('/srv/docs/.tmp');

    const s3 = await createDocumentStorage(
      loadStorageConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', STORAGE_TEMP_DIR: '/tmp/subidas' }),
    );
    expect(s3).toBeInstanceOf(S3DocumentStorage);
    expect(s3.tempDir).toBe('/tmp/subidas');
    await s3.close();
  });
});
