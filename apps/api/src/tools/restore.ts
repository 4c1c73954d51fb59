// `npm run restore -- <carpeta> [--copia <nombre>] [--forzar]`: restores a backup onto the
// installation the environment names (DATABASE_URL or DATA_DIR, STORAGE_DRIVER…), then verifies
// every hash, índice chain and signed índice and prints the report. Exit 0: correct; 2: restored
// with errors; 1: nothing restored.
import { parseArgs } from 'node:util';
import '../env-defaults';
import { loadConfig } from '../config';
import { informeEnTexto } from '../copias/informe';
import { restaurar } from '../copias/restaurar';

let argumentos: ReturnType<typeof leerArgumentos>;
function leerArgumentos() {
  return parseArgs({
    allowPositionals: true,
    options: { forzar: { type: 'boolean', default: false }, copia: { type: 'string' } },
  });
}
try {
  argumentos = leerArgumentos();
} catch (error) {
  console.error(
    `${(error as Error).message}\nUso: npm run restore -- <carpeta de copias> [--copia <nombre>] [--forzar]`,
  );
  process.exit(1);
}
const [carpeta] = argumentos.positionals;
if (!carpeta) {
  console.error('Uso: npm run restore -- <carpeta de copias> [--copia <nombre>] [--forzar]');
  process.exit(1);
}

try {
  const informe = await restaurar(
    loadConfig(),
    carpeta,
    { forzar: argumentos.values.forzar, copia: argumentos.values.copia },
    (mensaje) => console.log(mensaje),
  );
  console.log(informeEnTexto(informe));
  process.exitCode = informe.correcto ? 0 : 2;
} catch (error) {
  console.error(`No se restauró la copia: ${(error as Error).message}`);
  process.exitCode = 1;
}
