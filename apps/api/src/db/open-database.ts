import path from 'node:path';
import type { AppConfig } from '../config';
import type { Database } from './database';
import { createPgDatabase } from './pg-database';

export function openDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'databasePool'>): Promise<Database> {
  if (config.databaseUrl) return Promise.resolve(createPgDatabase(config.databaseUrl, config.databasePool));
  // PGlite (its WebAssembly PostgreSQL) is loaded only where it is used: without DATABASE_URL.
  return import('./pglite-database').then(({ createPgliteDatabase }) =>
    createPgliteDatabase(path.join(config.dataDir, 'db')),
  );
}
