import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import { prepareDatabase } from './db/prepare-database';
import { openDatabase } from './db/open-database';

export class StartupError extends Error {
  override name = 'StartupError';
}

export interface StartServerOptions {
  /** How the database is opened (tests slow it down). */
  open?: (config: AppConfig) => Promise<Database>;
  /** Fastify's own limit for loading each plugin (tests shorten it). */
  pluginTimeoutMs?: number;
}

/**
 * Opens the database, builds the app, applies the migrations and listens. The database is opened
 * before Fastify loads any plugin: the first start of the embedded database (initdb) takes seconds
 * on a busy machine, and inside a plugin Fastify's plugin timeout would stop the API for it.
 * Failures are `StartupError`s with one Spanish sentence; whatever was opened is closed.
 */
export async function startServer(config: AppConfig, options: StartServerOptions = {}): Promise<FastifyInstance> {
  let db: Database;
  try {
    db = await (options.open ?? openDatabase)(config);
  } catch (error) {
    throw new StartupError(`No se pudo abrir la base de datos: ${(error as Error).message}`, { cause: error });
  }

  let app: FastifyInstance;
  try {
    app = await buildApp(config, { db, pluginTimeoutMs: options.pluginTimeoutMs });
  } catch (error) {
    await db.close().catch(() => {});
    throw new StartupError(`No se pudo arrancar la API: ${(error as Error).message}`, { cause: error });
  }

  try {
    await app.ready();
    const applied = await prepareDatabase(app.db, {
      migrationUrl: config.databaseMigrationUrl,
      produccion: config.produccion,
      log: app.log,
    });
    app.log.info({ applied, database: app.db.kind }, applied.length ? 'migraciones aplicadas' : 'esquema al día');
    if (config.demoDatos) {
      const { sembrarOrganizacionDemo } = await import('./demo/organizacion-demo');
      if (await sembrarOrganizacionDemo(app.db)) app.log.info('organización de demostración creada');
    }
  } catch (error) {
    await app.close().catch(() => {});
    throw new StartupError(`No se pudo preparar la base de datos: ${(error as Error).message}`, { cause: error });
  }

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => {});
    throw new StartupError(`No se pudo abrir el puerto ${config.port}: ${(error as Error).message}`, { cause: error });
  }
  return app;
}
