// `node apps/api/dist/migrar.js` (or `npm run migrar`): brings the schema up to date with the
// owner's connection (DATABASE_MIGRATION_URL) and gives the API's role (the one DATABASE_URL
// connects as) its privileges, so that the API itself can run without the owner's password.
import '../env-defaults';
import { loadConfig } from '../config';
import { createPgDatabase } from '../db/pg-database';
import { prepareDatabase } from '../db/prepare-database';

function stop(message: string): never {
  console.error(message);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  stop(`Configuración no válida: ${(error as Error).message}`);
}
if (!config.databaseUrl || !config.databaseMigrationUrl) {
  stop(
    'migrar necesita DATABASE_MIGRATION_URL (el rol dueño del esquema, que aplica las migraciones) y DATABASE_URL (el rol con el que trabaja la API, que recibe sus privilegios).',
  );
}

const db = createPgDatabase(config.databaseUrl, { ...config.databasePool, max: 1 });
try {
  const applied = await prepareDatabase(db, {
    migrationUrl: config.databaseMigrationUrl,
    produccion: config.produccion,
    log: { warn: (message) => console.warn(message) },
  });
  console.log(applied.length ? `Migraciones aplicadas: ${applied.join(', ')}.` : 'El esquema ya estaba al día.');
  console.log('Privilegios del rol de la API concedidos.');
} catch (error) {
  console.error(`No se pudo preparar la base de datos: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
