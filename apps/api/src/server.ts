import './env-defaults';
import { buildApp } from './app';
import { loadConfig, type AppConfig } from './config';
import type { Database } from './db/database';
import { runMigrations } from './db/migrator';
import { openDatabase } from './db/open-database';
import { reconciliarEnSegundoPlano } from './modules/documentos/huerfanos';

/** Before the app exists there is no logger: one plain Spanish line, no stack trace. */
function stop(message: string, error: unknown): never {
  console.error(`${message}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

let config: AppConfig;
try {
  config = loadConfig();
} catch (error) {
  stop('Configuración no válida', error);
}

// Opened before Fastify starts loading plugins: a first start of the embedded database on a busy
// machine can take longer than Fastify's plugin timeout, and must not fail because of it.
let db: Database;
try {
  db = await openDatabase(config);
} catch (error) {
  stop('No se pudo abrir la base de datos', error);
}

let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp(config, { db });
} catch (error) {
  await db.close().catch(() => {});
  stop('No se pudo arrancar la API', error);
}

try {
  await app.ready();
  const applied = await runMigrations(app.db);
  app.log.info({ applied, database: app.db.kind }, applied.length ? 'migraciones aplicadas' : 'esquema al día');
} catch (error) {
  app.log.fatal({ err: error }, 'no se pudo preparar la base de datos');
  await app.close().catch(() => {});
  process.exit(1);
}

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.fatal({ err: error }, 'no se pudo abrir el puerto');
  await app.close().catch(() => {});
  process.exit(1);
}
app.log.info(`${config.productName} API en http://${config.host}:${config.port}/ (documentación en /api/docs)`);
const reconciliacion = reconciliarEnSegundoPlano(app.db, app.storage, app.log);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'cerrando');
    try {
      await reconciliacion.detener();
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'cierre con errores');
      process.exit(1);
    }
  });
}
