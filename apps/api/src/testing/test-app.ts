import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import type { AppConfig } from '../config';
import { runMigrations } from '../db/migrator';
import { sembrarOrganizacionDemo } from '../demo/organizacion-demo';
import { createTestDatabase, type TestDatabase } from './test-database';
import { testConfig } from './test-config';

export interface TestApp {
  app: FastifyInstance;
  /** The PostgreSQL database (absent on PGlite, which lives in the scratch data directory). */
  database: TestDatabase | undefined;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * The real app on a fresh PostgreSQL (or PGlite) database with every migration applied; not yet ready, so a
 * test may still add routes. `close()` closes the app, drops the database and removes the scratch
 * data directory (documents included).
 */
export async function createTestApp(
  options: {
    issuer?: string;
    webDistDir?: string;
    env?: Record<string, string>;
    /** The demo organisation (unidades, and the demo people in them), as `npm start` has it; on by default. */
    organizacionDemo?: boolean;
    /** `pglite`: the embedded database `npm start` uses without `DATABASE_URL`; PostgreSQL by default. */
    baseDeDatos?: 'postgres' | 'pglite';
  } & BuildAppOptions = {},
): Promise<TestApp> {
  const database = options.baseDeDatos === 'pglite' ? undefined : await createTestDatabase();
  const config = testConfig({
    databaseUrl: database?.url,
    issuer: options.issuer,
    webDistDir: options.webDistDir,
    env: options.env,
  });
  const app = await buildApp(config, {
    logger: options.logger ?? false,
    comprobarListas: true,
    // Opening PGlite's files (its WebAssembly, then the data folder) takes seconds on a loaded machine.
    pluginTimeoutMs: options.pluginTimeoutMs ?? (database ? undefined : 120_000),
  });
  await runMigrations(app.db);
  if (options.organizacionDemo !== false) await sembrarOrganizacionDemo(app.db);
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database?.drop();
      await rm(config.dataDir, { recursive: true, force: true });
    },
  };
}
