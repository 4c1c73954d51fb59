import './env-defaults';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type AppConfig } from './config';
import { reconciliarEnSegundoPlano } from './modules/documentos/huerfanos';
import { startServer } from './start-server';

/** One plain Spanish line and a non-zero exit: no stack trace for an operator to decipher. */
function stop(message: string): never {
  console.error(message);
  process.exit(1);
}

let config: AppConfig;
try {
  config = loadConfig();
} catch (error) {
  stop(`Configuración no válida: ${(error as Error).message}`);
}

let app: FastifyInstance;
try {
  app = await startServer(config);
} catch (error) {
  stop((error as Error).message);
}

app.log.info(
  `${config.productName} API en http://${config.host}:${config.port}/${config.docsPublicas ? ' (documentación en /api/docs)' : ''}`,
);
const reconciliacion = reconciliarEnSegundoPlano(app.db, app.storage, app.log);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cerrar(signal));
}

async function cerrar(signal: NodeJS.Signals): Promise<void> {
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
}
