import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import { runMigrations } from '../db/migrator';
import { createTestDatabase, type TestDatabase } from './test-database';
import { testConfig } from './test-config';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * The real app on a fresh PostgreSQL database with every migration applied; not yet ready, so a
 * test may still add routes. `close()` closes the app and drops the database.
 */
export async function createTestApp(
  options: { issuer?: string; webDistDir?: string } & BuildAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig({ databaseUrl: database.url, issuer: options.issuer, webDistDir: options.webDistDir });
  const app = await buildApp(config, { logger: options.logger ?? false });
  await runMigrations(app.db);
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
