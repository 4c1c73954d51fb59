// `npm run backup -- <carpeta>`: one consistent backup of the database and the documents into
// <carpeta> while the API keeps serving (copias/hacer-copia.ts). Exit 0: complete; 2: complete, but
// some stored files were missing or altered (listed); 1: no copy made.
import '../env-defaults';
import { loadConfig } from '../config';
import { hacerCopia } from '../copias/hacer-copia';

const carpeta = process.argv[2];
if (!carpeta || carpeta.startsWith('-')) {
  console.error('Uso: npm run backup -- <carpeta de copias>');
  process.exit(1);
}

try {
  const { carpetaCopia, manifiesto } = await hacerCopia(loadConfig(), carpeta, (mensaje) => console.log(mensaje));
  const { totales } = manifiesto;
  console.log(
    `Copia completa en «${carpetaCopia}»: ${totales.documentos} documentos (${totales.archivos_nuevos} archivos nuevos, ${totales.archivos_ya_copiados} ya estaban en la carpeta).`,
  );
  for (const incidencia of manifiesto.incidencias) console.error(`AVISO: ${incidencia.detalle}`);
  if (manifiesto.incidencias.length) process.exitCode = 2;
} catch (error) {
  console.error(`No se pudo hacer la copia de seguridad: ${(error as Error).message}`);
  process.exitCode = 1;
}
