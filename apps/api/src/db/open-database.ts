import path from 'node:path';
import type { AppConfig } from '../config';
import type { Database } from './database';
import { createPgDatabase } from './pg-database';
import { createPgliteDatabase } from './pglite-database';

export function openDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'databasePool'>): Promise<Database> {
  if (config.databaseUrl) return Promise.resolve(createPgDatabase(config.databaseUrl, config.databasePool));
  return createPgliteDatabase(path.join(config.dataDir, 'db'));
}
