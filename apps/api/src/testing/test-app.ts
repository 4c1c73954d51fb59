import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import { createPgDatabase } from '../db/pg-database';
import { prepareDatabase } from '../db/prepare-database';
import { sembrarOrganizacionDemo } from '../demo/organizacion-demo';
import { createTestDatabase, type TestDatabase } from './test-database';
import { testConfig } from './test-config';

export interface TestApp {
  app: FastifyInstance;
  /** The PostgreSQL database (absent on PGlite, which lives in the scratch data directory). */
  database: TestDatabase | undefined;
  config: AppConfig;
  /**
   * A connection as the schema's owner, for what a test must do behind the API's back (plant a
   * tampered row, check a trigger): the app itself connects as a role with only the API's privileges.
   */
  owner(): Database;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database with every migration applied, connected as in production: on
 * PostgreSQL (the default) as a role of its own with only the API's privileges
 * (`db/api-privileges.ts`), the administrator owning the schema; on PGlite as `npm start` runs it.
 * Not yet ready, so a test may still add routes. `close()` closes the app, drops the database and its
 * role, and removes the scratch data directory (documents included).
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
  const api = await database?.createRole();
  const config = testConfig({
    databaseUrl: api?.url,
    databaseMigrationUrl: database?.url,
    issuer: options.issuer,
    webDistDir: options.webDistDir,
    env: options.env,
  });
  const app = await buildApp(config, {
    logger: options.logger ?? false,
    comprobarListas: true,
    alRegistrarRuta: options.alRegistrarRuta,
    // Opening PGlite's files (its WebAssembly, then the data folder) takes seconds on a loaded machine.
    pluginTimeoutMs: options.pluginTimeoutMs ?? (database ? undefined : 120_000),
  });
  await prepareDatabase(app.db, { migrationUrl: database?.url, log: { warn: () => {} } });
  if (options.organizacionDemo !== false) await sembrarOrganizacionDemo(app.db);
  let owner: Database | undefined;
  return {
    app,
    database,
    config,
    owner: () => {
      if (!database) throw new Error('Sobre PGlite la API ya trabaja con la conexión del dueño: use app.db.');
      return (owner ??= createPgDatabase(database.url));
    },
    async close() {
      await app.close();
      await owner?.close();
      await database?.drop();
      await rm(config.dataDir, { recursive: true, force: true });
    },
  };
}
