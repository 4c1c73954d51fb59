// `npm run seed:demo -- --expedientes N [--documentos M]`: demo and benchmark data in the database
// the API uses (DATABASE_URL, or the embedded one under DATA_DIR), after applying the migrations,
// and documents in the M newest open expedientes, in the storage the API uses.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { runMigrations } from '../db/migrator';
import { openDatabase } from '../db/open-database';
import { createDocumentStorage } from '../storage/create-storage';
import { seedDemo } from './demo-data';
import { sembrarDocumentosDemo } from './demo-documentos';

const { values } = parseArgs({
  options: {
    expedientes: { type: 'string', default: '1000' },
    lote: { type: 'string', default: '50000' },
    documentos: { type: 'string', default: '40' },
  },
});
const expedientes = Number(values.expedientes);
const lote = Number(values.lote);
const documentos = Number(values.documentos);
if (
  !Number.isInteger(expedientes) ||
  expedientes < 1 ||
  !Number.isInteger(lote) ||
  lote < 1 ||
  !Number.isInteger(documentos) ||
  documentos < 0
) {
  console.error('Uso: npm run seed:demo -- --expedientes N [--lote 50000] [--documentos 40]');
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
  if (documentos > 0) {
    const archivados = await sembrarDocumentosDemo(db, await createDocumentStorage(config.storage), documentos);
    console.log(
      `Documentos de demostración: ${numero.format(archivados)} (su texto se extrae en cuanto arranca la API).`,
    );
  }
  console.log(`Hecho en ${numero.format(Math.round((performance.now() - inicio) / 100) / 10)} s.`);
} catch (error) {
  console.error('No se pudieron generar los datos:', (error as Error).message);
  process.exitCode = 1;
} finally {
  await db.close();
}
