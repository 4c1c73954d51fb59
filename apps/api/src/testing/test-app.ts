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
  database: TestDatabase;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * The real app on a fresh PostgreSQL database with every migration applied; not yet ready, so a
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
  } & BuildAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig({
    databaseUrl: database.url,
    issuer: options.issuer,
    webDistDir: options.webDistDir,
    env: options.env,
  });
  const app = await buildApp(config, { logger: options.logger ?? false, comprobarListas: true });
  await runMigrations(app.db);
  if (options.organizacionDemo !== false) await sembrarOrganizacionDemo(app.db);
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.drop();
      await rm(config.dataDir, { recursive: true, force: true });
    },
  };
}
