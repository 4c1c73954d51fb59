import os from 'node:os';
import path from 'node:path';
import { nonEmpty } from '../shared/text';

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

export interface S3StorageConfig extends CommonStorageConfig {
  driver: 's3';
  bucket: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export function loadStorageConfig(env: NodeJS.ProcessEnv = process.env): StorageConfig {
  const driver = nonEmpty(env.STORAGE_DRIVER) ?? 'local';
  const maxUploadMb = parseMaxUploadMb(env.MAX_UPLOAD_MB);
  const limits = { maxUploadMb, maxUploadBytes: Math.floor(maxUploadMb * 1024 * 1024) };
  const configuredTempDir = nonEmpty(env.STORAGE_TEMP_DIR);

  if (driver === 'local') {
    const dir = path.resolve(nonEmpty(env.STORAGE_DIR) ?? path.join(nonEmpty(env.DATA_DIR) ?? './data', 'documentos'));
    return { driver, dir, tempDir: path.resolve(configuredTempDir ?? path.join(dir, '.tmp')), ...limits };
  }
  if (driver === 's3') {
    const bucket = nonEmpty(env.S3_BUCKET);
    if (!bucket) throw new Error('S3_BUCKET es obligatorio con STORAGE_DRIVER=s3.');
    const endpoint = nonEmpty(env.S3_ENDPOINT);
    return {
      driver,
      bucket,
      region: nonEmpty(env.S3_REGION) ?? 'us-east-1',
      endpoint,
      forcePathStyle: parseBoolean('S3_FORCE_PATH_STYLE', env.S3_FORCE_PATH_STYLE) ?? endpoint !== undefined,
      credentials: parseCredentials(env),
      tempDir: path.resolve(configuredTempDir ?? path.join(os.tmpdir(), 'ecodigital-uploads')),
      ...limits,
    };
  }
  throw new Error(`STORAGE_DRIVER no válido: «${driver}» (use «local» o «s3»).`);
}

function parseMaxUploadMb(value: string | undefined): number {
  if (nonEmpty(value) === undefined) return 100;
  const mb = Number(value);
  if (!Number.isFinite(mb) || mb <= 0) throw new Error(`MAX_UPLOAD_MB no válido: «${value}»`);
  return mb;
}

function parseBoolean(name: string, value: string | undefined): boolean | undefined {
  const normalised = nonEmpty(value)?.toLowerCase();
  if (normalised === undefined) return undefined;
  if (['true', '1', 'yes', 'si', 'sí'].includes(normalised)) return true;
  if (['false', '0', 'no'].includes(normalised)) return false;
  throw new Error(`${name} no válido: «${value}» (use true o false).`);
}

function parseCredentials(env: NodeJS.ProcessEnv): S3StorageConfig['credentials'] {
  const accessKeyId = nonEmpty(env.S3_ACCESS_KEY_ID);
  const secretAccessKey = nonEmpty(env.S3_SECRET_ACCESS_KEY);
  if (!accessKeyId && !secretAccessKey) return undefined;
  if (!accessKeyId || !secretAccessKey) {
    throw new Error('S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY deben indicarse juntos.');
  }
  return { accessKeyId, secretAccessKey };
}
