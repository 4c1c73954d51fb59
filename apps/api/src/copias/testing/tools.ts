import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Queryable } from '../../db/database';
import type { TestApp } from '../../testing/test-app';

const TOOLS = fileURLToPath(new URL('../../tools/', import.meta.url));

export interface Resultado {
  codigo: number | null;
  salida: string;
  errores: string;
}

/** `npm run backup` / `npm run restore` as an operator runs them: a process of its own. */
export function herramienta(
  nombre: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): { hijo: ChildProcess; terminado: Promise<Resultado> } {
  const limpio = Object.fromEntries(
    Object.entries(process.env).filter(([clave]) => !/^(DATABASE_|DATA_DIR|STORAGE_|S3_)/.test(clave)),
  );
  const hijo = spawn(process.execPath, ['--import', 'tsx', path.join(TOOLS, `${nombre}.ts`), ...args], {
    env: { ...limpio, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let salida = '';
  let errores = '';
  hijo.stdout!.on('data', (trozo: Buffer) => (salida += trozo.toString()));
  hijo.stderr!.on('data', (trozo: Buffer) => (errores += trozo.toString()));
  const terminado = new Promise<Resultado>((resolve) =>
    hijo.on('close', (codigo) => resolve({ codigo, salida, errores })),
  );
  return { hijo, terminado };
}

/** The environment that names `testApp`'s installation, as the API itself was configured. */
export function entornoDe(testApp: TestApp): Record<string, string> {
  const { config } = testApp;
  const entorno: Record<string, string> = { DATA_DIR: config.dataDir };
  if (config.databaseUrl) entorno.DATABASE_URL = config.databaseUrl;
  if (config.databaseMigrationUrl) entorno.DATABASE_MIGRATION_URL = config.databaseMigrationUrl;
  const { storage } = config;
  if (storage.driver === 'local') Object.assign(entorno, { STORAGE_DRIVER: 'local', STORAGE_DIR: storage.dir });
  else {
    Object.assign(entorno, {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: storage.bucket,
      S3_REGION: storage.region,
      S3_ENDPOINT: storage.endpoint ?? '',
      S3_ACCESS_KEY_ID: storage.credentials?.accessKeyId ?? '',
      S3_SECRET_ACCESS_KEY: storage.credentials?.secretAccessKey ?? '',
      STORAGE_TEMP_DIR: storage.tempDir,
    });
  }
  return entorno;
}

export const carpetaTemporal = (prefijo: string) => mkdtemp(path.join(os.tmpdir(), prefijo));

/** Every row of every table, as text, in a stable order: two databases with the same rows answer the same. */
export async function filasDe(db: Queryable, tablas: string[]): Promise<Record<string, string[]>> {
  await db.exec(`SET TimeZone = 'UTC'`);
  const filas: Record<string, string[]> = {};
  for (const tabla of tablas) {
    const leidas = await db.query<{ fila: string }>(`SELECT to_jsonb(t)::text AS fila FROM public."${tabla}" t`);
    filas[tabla] = leidas.map((fila) => fila.fila).sort();
  }
  return filas;
}

export async function conPostgres<T>(url: string, trabajo: (db: Queryable) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await trabajo({
      query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
      exec: async (sql) => void (await client.query(sql)),
    });
  } finally {
    await client.end();
  }
}
