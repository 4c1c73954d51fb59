import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { loadStorageConfig, type StorageConfig } from './storage/storage-config';
import { nonEmpty } from './shared/text';

export interface DatabasePoolConfig {
  max: number;
  /** How long a request waits for a free connection before answering 503. */
  connectionWaitMs: number;
  /** PostgreSQL cancels a statement running longer than this (migrations are exempt). */
  statementTimeoutMs: number;
}

export interface AppConfig {
  port: number;
  host: string;
  /** Absent → embedded PGlite under `<dataDir>/db`. */
  databaseUrl: string | undefined;
  /** PostgreSQL pool (unused by the embedded database). */
  databasePool: DatabasePoolConfig;
  dataDir: string;
  oidc: {
    issuer: string;
    clientId: string;
    /** Skips discovery when set. */
    jwksUri: string | undefined;
    /** Browser-facing base URL of the identity provider (Keycloak's `url`). */
    publicUrl: string | undefined;
    /** When set, access tokens must name it in `aud`. */
    audience: string | undefined;
    /** Longest `exp - iat` accepted, in seconds. */
    maxTokenLifetimeSeconds: number;
    /** How long the last keys fetched stay trusted while the provider cannot be reached, in seconds. */
    jwksMaxStaleSeconds: number;
  };
  webDistDir: string;
  /** Total time a request may take, from arrival to the end of its answer (transfers excepted). */
  requestTimeoutMs: number;
  /** An upload or download moving almost nothing for this long is ended. */
  transferIdleTimeoutMs: number;
  logLevel: string;
  productName: string;
  /** Where document bytes live and the upload size limit. */
  storage: StorageConfig;
}

// `src/config.ts` in development, `dist/server.js` once built: both one level inside apps/api.
const repoRoot = path.resolve(fileURLToPath(new URL('..', import.meta.url)), '../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(nonEmpty(env.DATA_DIR) ?? './data');
  return {
    port: parsePort(env.PORT),
    host: nonEmpty(env.HOST) ?? 'localhost',
    databaseUrl: nonEmpty(env.DATABASE_URL),
    databasePool: {
      max: positiveInteger('DATABASE_POOL_MAX', env.DATABASE_POOL_MAX, 10, 1000),
      connectionWaitMs: positiveInteger('DATABASE_POOL_WAIT_MS', env.DATABASE_POOL_WAIT_MS, 5_000),
      statementTimeoutMs: positiveInteger('DATABASE_STATEMENT_TIMEOUT_MS', env.DATABASE_STATEMENT_TIMEOUT_MS, 30_000),
    },
    dataDir,
    oidc: {
      issuer: (nonEmpty(env.OIDC_ISSUER) ?? 'http://localhost:8080/realms/ecodigital').replace(/\/+$/, ''),
      clientId: nonEmpty(env.OIDC_CLIENT_ID) ?? 'ecodigital-web',
      jwksUri: nonEmpty(env.OIDC_JWKS_URI),
      publicUrl: nonEmpty(env.OIDC_PUBLIC_URL)?.replace(/\/+$/, ''),
      audience: nonEmpty(env.OIDC_AUDIENCE),
      maxTokenLifetimeSeconds: positiveInteger('OIDC_MAX_TOKEN_LIFETIME', env.OIDC_MAX_TOKEN_LIFETIME, 86_400),
      jwksMaxStaleSeconds: positiveInteger('OIDC_JWKS_MAX_STALE', env.OIDC_JWKS_MAX_STALE, 86_400),
    },
    webDistDir: path.resolve(nonEmpty(env.WEB_DIST_DIR) ?? path.join(repoRoot, 'apps/web/dist')),
    requestTimeoutMs: positiveInteger('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, 120_000),
    transferIdleTimeoutMs: positiveInteger('TRANSFER_IDLE_TIMEOUT_MS', env.TRANSFER_IDLE_TIMEOUT_MS, 60_000),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    productName: nonEmpty(env.PRODUCT_NAME) ?? 'EcoDigital',
    storage: loadStorageConfig({ ...env, DATA_DIR: dataDir }),
  };
}

function parsePort(value: string | undefined): number {
  if (nonEmpty(value) === undefined) return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT no válido: «${value}»`);
  }
  return port;
}

/** A whole number of seconds, milliseconds or items, at least 1 (a zero limit would disable what it limits). */
export function positiveInteger(
  name: string,
  value: string | undefined,
  fallback: number,
  max = 2_147_483_647,
): number {
  const text = nonEmpty(value);
  if (text === undefined) return fallback;
  const number = /^[0-9]{1,10}$/.test(text) ? Number(text) : NaN;
  if (!(number >= 1 && number <= max)) {
    throw new Error(`${name} no válido: «${value}» (debe ser un número entero entre 1 y ${max})`);
  }
  return number;
}
