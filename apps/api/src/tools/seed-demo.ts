// `npm run seed:demo -- --expedientes N`: demo and benchmark data in the database the API uses
// (DATABASE_URL, or the embedded one under DATA_DIR), after applying the migrations.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { runMigrations } from '../db/migrator';
import { openDatabase } from '../db/open-database';
import { seedDemo } from './demo-data';

const { values } = parseArgs({
  options: {
    expedientes: { type: 'string', default: '1000' },
    lote: { type: 'string', default: '50000' },
  },
});
const expedientes = Number(values.expedientes);
const lote = Number(values.lote);
if (!Number.isInteger(expedientes) || expedientes < 1 || !Number.isInteger(lote) || lote < 1) {
  console.error('Uso: npm run seed:demo -- --expedientes N [--lote 50000]');
  process.exit(2);
}

const config = loadConfig();
// Generating a million expedientes runs statements far longer than a request may.
const db = await openDatabase({ ...config, databasePool: { ...config.databasePool, statementTimeoutMs: 0 } }).catch(
  (error: unknown) => {
    console.error(`No se pudo abrir la base de datos: ${(error as Error).message}`);
    process.exit(1);
  },
);
const numero = new Intl.NumberFormat('es-ES');
try {
  const aplicadas = await runMigrations(db);
  if (aplicadas.length) console.log(`Migraciones aplicadas: ${aplicadas.join(', ')}`);
  console.log(
    `Generando ${numero.format(expedientes)} expedientes en ${db.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}…`,
  );
  const inicio = performance.now();
  await seedDemo(db, {
    expedientes,
    batchSize: lote,
    onProgress: (hechos, total) => {
      const segundos = (performance.now() - inicio) / 1000;
      console.log(
        `  ${numero.format(hechos)} / ${numero.format(total)} (${numero.format(Math.round(hechos / segundos))} por segundo)`,
      );
    },
  });
  console.log(`Hecho en ${numero.format(Math.round((performance.now() - inicio) / 100) / 10)} s.`);
} catch (error) {
  console.error('No se pudieron generar los datos:', (error as Error).message);
  process.exitCode = 1;
} finally {
  await db.close();
}
