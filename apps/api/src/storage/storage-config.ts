import os from 'node:os';
import path from 'node:path';
import { ErrorDeConfiguracion, leer } from '@ecodigital/config/leer';

/** Storage settings from the environment; the app config embeds the result. */
export type StorageConfig = LocalStorageConfig | S3StorageConfig;

interface CommonStorageConfig {
  /** Where uploads are received before commit. */
  tempDir: string;
  /** `MAX_UPLOAD_MB` in bytes (1 MB = 1024 × 1024 bytes). */
  maxUploadBytes: number;
  maxUploadMb: number;
}

export interface LocalStorageConfig extends CommonStorageConfig {
  driver: 'local';
  dir: string;
}

interface S3StorageConfig extends CommonStorageConfig {
  driver: 's3';
  bucket: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export function loadStorageConfig(env: NodeJS.ProcessEnv = process.env): StorageConfig {
  const driver = leer(env, 'STORAGE_DRIVER');
  const maxUploadMb = leer(env, 'MAX_UPLOAD_MB');
  const limits = { maxUploadMb, maxUploadBytes: Math.floor(maxUploadMb * 1024 * 1024) };
  const configuredTempDir = leer(env, 'STORAGE_TEMP_DIR');

  if (driver === 'local') {
    const dir = path.resolve(leer(env, 'STORAGE_DIR') ?? path.join(leer(env, 'DATA_DIR'), 'documentos'));
    return { driver, dir, tempDir: path.resolve(configuredTempDir ?? path.join(dir, '.tmp')), ...limits };
  }
  const bucket = leer(env, 'S3_BUCKET');
  if (!bucket) throw new ErrorDeConfiguracion('S3_BUCKET es obligatorio con STORAGE_DRIVER=s3.');
  const endpoint = leer(env, 'S3_ENDPOINT');
  return {
    driver,
    bucket,
    region: leer(env, 'S3_REGION'),
    endpoint,
    forcePathStyle: leer(env, 'S3_FORCE_PATH_STYLE') ?? endpoint !== undefined,
    credentials: parseCredentials(env),
    tempDir: path.resolve(configuredTempDir ?? path.join(os.tmpdir(), 'ecodigital-uploads')),
    ...limits,
  };
}

function parseCredentials(env: NodeJS.ProcessEnv): S3StorageConfig['credentials'] {
  const accessKeyId = leer(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = leer(env, 'S3_SECRET_ACCESS_KEY');
  if (!accessKeyId && !secretAccessKey) return undefined;
  if (!accessKeyId || !secretAccessKey) {
    throw new ErrorDeConfiguracion('S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY deben indicarse juntos.');
  }
  return { accessKeyId, secretAccessKey };
}
