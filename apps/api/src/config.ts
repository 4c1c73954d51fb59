import { ErrorDeConfiguracion, leer } from '@ecodigital/config/leer';
import { fileURLToPath } from 'node:url';
import { isIP } from 'node:net';
import { availableParallelism, totalmem } from 'node:os';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { loadStorageConfig, type StorageConfig } from './storage/storage-config';

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
  /** Proxies whose `X-Forwarded-For` gives the client's address (Fastify's `trustProxy`); none → the connection's. */
  trustProxy: string[];
  /** Absent → embedded PGlite under `<dataDir>/db`. */
  databaseUrl: string | undefined;
  /** The schema owner's connection: migrations run through it, then the API's role gets its privileges. */
  databaseMigrationUrl: string | undefined;
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
    /** When set, the claim whose groups are the person's unidades (by code) at each sign-in. */
    groupsClaim: string | undefined;
  };
  /** `NODE_ENV=production`: nothing of the development defaults is trusted. */
  produccion: boolean;
  /** Creates the demo organisation and people once at start (`npm start` only). */
  demoDatos: boolean;
  /** `/api/docs` (the OpenAPI UI and JSON) answers without a session; otherwise it does not exist. */
  docsPublicas: boolean;
  webDistDir: string;
  /** Total time a request may take, from arrival to the end of its answer (transfers excepted). */
  requestTimeoutMs: number;
  /** An upload or download moving almost nothing for this long is ended. */
  transferIdleTimeoutMs: number;
  logLevel: string;
  productName: string;
  /** Where document bytes live and the upload size limit. */
  storage: StorageConfig;
  /** Background text extraction (issue 13). */
  extraccion: ExtraccionConfig;
  /** Avisos de plazo: working days ahead, and how often the job looks. */
  plazos: { avisoDias: number; revisionMs: number };
  /** Per-caller budgets of the expensive routes, and when the instance sheds load. */
  limites: LimitesConfig;
  /** The rolling re-hash of every stored document (issue 20). */
  integridad: IntegridadConfig;
  /** The institution's seal that signs the índices (issue 21). */
  sello: SelloConfig;
  /** Foliated PDF of an expediente and copias auténticas (decisions 0402, 0403). */
  copias: CopiasConfig;
  /** The public look-up by código seguro de verificación: its budget per address and how long look-ups are kept. */
  verificacionPublica: VerificacionPublicaConfig;
}

export interface VerificacionPublicaConfig {
  /** Look-ups per minute from one address in one instance (never unlimited). */
  porMinuto: number;
  /** Recorded look-ups older than this many days are deleted. */
  conservarDias: number;
}

export interface CopiasConfig {
  /** The web's public address, printed on copias auténticas; undefined in production without URL_PUBLICA. */
  urlPublica: string | undefined;
  /** A document larger than this is named on a page of the foliated PDF instead of reproduced. */
  foliadoDocumentoMaxBytes: number;
}

export interface IntegridadConfig {
  /** Every document is re-hashed once per this period. */
  periodoMs: number;
  /** Bytes per second the revision reads at most; 0: this instance does not run it. */
  bytesPorSegundo: number;
}

export interface SelloConfig {
  /** PKCS#12 file; absent → the development seal (outside production) or none (production). */
  p12: string | undefined;
  password: string | undefined;
  tsaUrl: string | undefined;
  /** Where `npm start` keeps the self-signed test CA and seal when no `p12` is configured. */
  dirDesarrollo: string | undefined;
}

/** Requests per minute of one caller (by `sub`) in one instance; 0 = no limit. */
export interface LimitesPorMinuto {
  busqueda: number;
  historial: number;
  subida: number;
  exportacion: number;
  verificacion: number;
}

interface LimitesConfig {
  porMinuto: LimitesPorMinuto;
  sobrecarga: {
    /** Event loop delay beyond which new requests answer 503; 0 = not checked. */
    retardoMaxMs: number;
    /** Heap used beyond which new requests answer 503; 0 = not checked. */
    memoriaMaxMb: number;
  };
}

export interface ExtraccionConfig {
  /** Documents this instance extracts at once; 0 = none (other instances do it). */
  trabajos: number;
  tiempoMaxMs: number;
  memoriaMaxMb: number;
  /** Pixels (millions) of a PDF page drawn for OCR. */
  megapixelesMax: number;
  paginasMax: number;
  intentosMax: number;
  /** Folder holding `spa.traineddata`. */
  tessdataDir: string;
}

/**
 * Extractions at once by default: one per core, so OCR uses the machine, and at least two, so one
 * hostile document never holds the queue for more than its time limit; never more than half the
 * memory (the container's limit when there is one) allows at `memoriaMaxMb` each.
 */
export function trabajosPorDefecto(memoriaMaxMb: number): number {
  const limite = process.constrainedMemory?.() || 0;
  const memoria = limite > 0 ? Math.min(limite, totalmem()) : totalmem();
  const porMemoria = Math.floor(memoria / 2 / (memoriaMaxMb * 1024 * 1024));
  return Math.max(1, Math.min(Math.max(2, availableParallelism()), porMemoria));
}

// `src/config.ts` in development, `dist/server.js` once built: both one level inside apps/api.
const repoRoot = path.resolve(fileURLToPath(new URL('..', import.meta.url)), '../..');

/**
 * The API's settings from the environment, each variable checked against its entry in
 * `packages/config` (the README's table comes from there too): a wrong value stops the start with
 * a Spanish `ErrorDeConfiguracion` naming the variable.
 */
const TESSDATA_DEBIAN = '/usr/share/tesseract-ocr/5/tessdata';

/**
 * Debian's Spanish OCR model when its package is installed; otherwise the one published on npm, a
 * dependency of the API, so `npm install` alone gives OCR.
 */
export function tessdataPorDefecto(debian = TESSDATA_DEBIAN): string {
  if (existsSync(path.join(debian, 'spa.traineddata'))) return debian;
  return (createRequire(import.meta.url)('@tesseract.js-data/spa') as { langPath: string }).langPath;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(leer(env, 'DATA_DIR'));
  const produccion = leer(env, 'NODE_ENV') === 'production';
  if (leer(env, 'DATABASE_MIGRATION_URL') && !leer(env, 'DATABASE_URL')) {
    throw new ErrorDeConfiguracion(
      'DATABASE_MIGRATION_URL necesita DATABASE_URL: la primera es la del rol dueño del esquema, la segunda la del rol con el que trabaja la API.',
    );
  }
  if (produccion) rechazarDefectosDeDesarrollo(env);
  return {
    port: leer(env, 'PORT'),
    host: leer(env, 'HOST'),
    trustProxy: proxiesDeConfianza(leer(env, 'TRUST_PROXY')),
    databaseUrl: leer(env, 'DATABASE_URL'),
    databaseMigrationUrl: leer(env, 'DATABASE_MIGRATION_URL'),
    databasePool: {
      max: leer(env, 'DATABASE_POOL_MAX'),
      connectionWaitMs: leer(env, 'DATABASE_POOL_WAIT_MS'),
      statementTimeoutMs: leer(env, 'DATABASE_STATEMENT_TIMEOUT_MS'),
    },
    dataDir,
    oidc: {
      issuer: leer(env, 'OIDC_ISSUER').replace(/\/+$/, ''),
      clientId: leer(env, 'OIDC_CLIENT_ID'),
      jwksUri: leer(env, 'OIDC_JWKS_URI'),
      publicUrl: leer(env, 'OIDC_PUBLIC_URL')?.replace(/\/+$/, ''),
      audience: leer(env, 'OIDC_AUDIENCE'),
      maxTokenLifetimeSeconds: leer(env, 'OIDC_MAX_TOKEN_LIFETIME'),
      jwksMaxStaleSeconds: leer(env, 'OIDC_JWKS_MAX_STALE'),
      groupsClaim: leer(env, 'OIDC_GROUPS_CLAIM'),
    },
    produccion,
    demoDatos: leer(env, 'DEMO_DATOS'),
    docsPublicas: leer(env, 'API_DOCS_PUBLICA') ?? !produccion,
    webDistDir: path.resolve(leer(env, 'WEB_DIST_DIR') ?? path.join(repoRoot, 'apps/web/dist')),
    requestTimeoutMs: leer(env, 'REQUEST_TIMEOUT_MS'),
    transferIdleTimeoutMs: leer(env, 'TRANSFER_IDLE_TIMEOUT_MS'),
    logLevel: leer(env, 'LOG_LEVEL'),
    productName: leer(env, 'PRODUCT_NAME'),
    storage: loadStorageConfig({ ...env, DATA_DIR: dataDir }),
    extraccion: {
      trabajos: leer(env, 'EXTRACCION_TRABAJOS') ?? trabajosPorDefecto(leer(env, 'EXTRACCION_MEMORIA_MAX_MB')),
      tiempoMaxMs: leer(env, 'EXTRACCION_TIEMPO_MAX_S') * 1000,
      memoriaMaxMb: leer(env, 'EXTRACCION_MEMORIA_MAX_MB'),
      megapixelesMax: leer(env, 'EXTRACCION_MEGAPIXELES_MAX'),
      paginasMax: leer(env, 'EXTRACCION_PAGINAS_MAX'),
      intentosMax: leer(env, 'EXTRACCION_INTENTOS_MAX'),
      tessdataDir: leer(env, 'OCR_TESSDATA_DIR') ?? tessdataPorDefecto(),
    },
    plazos: { avisoDias: leer(env, 'PLAZOS_AVISO_DIAS'), revisionMs: leer(env, 'PLAZOS_REVISION_MIN') * 60_000 },
    integridad: {
      periodoMs: leer(env, 'INTEGRIDAD_PERIODO_DIAS') * 86_400_000,
      bytesPorSegundo: leer(env, 'INTEGRIDAD_MIB_POR_SEGUNDO') * 1024 * 1024,
    },
    sello: {
      p12: leer(env, 'SELLO_P12'),
      password: leer(env, 'SELLO_P12_PASSWORD'),
      tsaUrl: leer(env, 'SELLO_TSA_URL'),
      dirDesarrollo: produccion ? undefined : path.join(dataDir, 'sello-desarrollo'),
    },
    copias: {
      urlPublica: (leer(env, 'URL_PUBLICA') ?? (produccion ? undefined : 'http://localhost:3000'))?.replace(/\/+$/, ''),
      foliadoDocumentoMaxBytes: leer(env, 'FOLIADO_DOCUMENTO_MAX_MB') * 1024 * 1024,
    },
    limites: {
      porMinuto: {
        busqueda: leer(env, 'LIMITE_BUSQUEDAS_POR_MINUTO'),
        historial: leer(env, 'LIMITE_HISTORIAL_POR_MINUTO'),
        subida: leer(env, 'LIMITE_SUBIDAS_POR_MINUTO'),
        exportacion: leer(env, 'LIMITE_EXPORTACIONES_POR_MINUTO'),
        verificacion: leer(env, 'LIMITE_VERIFICACIONES_POR_MINUTO'),
      },
      sobrecarga: {
        retardoMaxMs: leer(env, 'SOBRECARGA_RETARDO_MAX_MS'),
        memoriaMaxMb: leer(env, 'SOBRECARGA_MEMORIA_MAX_MB'),
      },
    },
    verificacionPublica: {
      porMinuto: leer(env, 'LIMITE_CONSULTAS_CSV_POR_MINUTO'),
      conservarDias: leer(env, 'VERIFICACION_CONSULTAS_DIAS'),
    },
  };
}

/**
 * In production a default meant for a developer's machine is a hole: the dev IdP's issuer on
 * localhost would be trusted, and the demo people (public `sub`s of the dev IdP) would get unidades.
 */
function rechazarDefectosDeDesarrollo(env: NodeJS.ProcessEnv): void {
  if (!env.OIDC_ISSUER?.trim()) {
    throw new ErrorDeConfiguracion(
      'Con NODE_ENV=production falta OIDC_ISSUER: indique el emisor de su Keycloak (p. ej. https://sso.ejemplo.es/realms/ecodigital); la API no confía en el proveedor de desarrollo de localhost.',
    );
  }
  if (leer(env, 'DEMO_DATOS')) {
    throw new ErrorDeConfiguracion(
      'Con NODE_ENV=production no se admite DEMO_DATOS=true: crearía la organización y las personas de demostración, con identificadores públicos del proveedor de desarrollo.',
    );
  }
}

/** `TRUST_PROXY`: addresses or CIDR networks, comma-separated; anything else stops the start. */
function proxiesDeConfianza(valor: string | undefined): string[] {
  const proxies = (valor ?? '')
    .split(',')
    .map((proxy) => proxy.trim())
    .filter(Boolean);
  for (const proxy of proxies) {
    const [direccion = '', prefijo, ...resto] = proxy.split('/');
    const version = isIP(direccion);
    const prefijoValido =
      prefijo === undefined || (/^\d{1,3}$/.test(prefijo) && Number(prefijo) <= (version === 6 ? 128 : 32));
    if (version === 0 || !prefijoValido || resto.length > 0) {
      throw new ErrorDeConfiguracion(
        `TRUST_PROXY: «${proxy}» no es una dirección IP ni una red CIDR (p. ej. 10.0.0.5 o 10.0.0.0/8).`,
      );
    }
  }
  return proxies;
}
