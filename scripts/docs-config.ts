// `npm run docs:config`: writes the README's configuration table from packages/config/src/variables.ts.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { conTablaActualizada } from '@ecodigital/config/tabla-readme';

const readme = path.join(import.meta.dirname, '..', 'README.md');
await writeFile(readme, conTablaActualizada(await readFile(readme, 'utf8')));
console.log('Tabla de configuración de README.md actualizada.');
