import './env-defaults';
import { buildApp } from './app';
import { loadConfig } from './config';
import { runMigrations } from './db/migrator';
import { reconciliarEnSegundoPlano } from './modules/documentos/huerfanos';

const config = loadConfig();
const app = await buildApp(config);

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
