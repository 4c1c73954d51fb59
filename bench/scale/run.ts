/**
 * Scale benchmark (not a test): a real PostgreSQL database filled by the data generator with a
 * million expedientes, the dev identity provider and the API (real token verification) in a child
 * process. Measures throughput, latencies, the CSV export and the web shell's size, each against
 * a baseline taken in the same run where there is one; prints one table and writes
 * bench/results/scale.{json,md}.
 *
 *   npm run bench                      # 1,000,000 expedientes (database bench_scale, reused)
 *   npm run bench -- --fresh           # regenerate the database first
 *   npm run bench -- --quick           # 20,000 expedientes, shorter runs; results in the temp folder
 *   npm run bench -- --expedientes 200000
 *   npm run bench -- --solo busqueda --documentos 1000000 --expedientes 500000 --base-de-datos bench_busqueda
 *        # only the search inside a million documents with text (at most two per expediente; their
 *        # generation takes most of an hour); at that size the results go to bench/results/busqueda.{json,md}
 *   npm run bench -- --quick --solo sesion,lista    # only some groups (arranque, sesion, lista, exportacion, alcance, busqueda, texto, embebida, integridad, firma, eni, verificacion, shell)
 *   BENCH_API_CPU_PROF=/tmp/perfiles npm run bench -- --solo sesion   # CPU profile of the API
 *   npm run bench -- --solo firma,eni,verificacion --expedientes 1000 --base-de-datos bench_eni
 *        # the signed índice (10.000 documents), the ENI export (1 GiB) and the public verification
 *        # (1.000.000 codes) on a database of their own; at these full sizes the results go to
 *        # bench/results/eni.{json,md} (--documentos-indice, --eni-mib, --codigos make them smaller)
 *   npm run bench -- --solo integridad --integridad-mib 768
 *        # the fixity revision over more files (256 MiB by default): its round must outlast the
 *        # requests measured while it runs
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { prepareDatabase } from './database';
import { describeMachine } from './machine';
import { attempt, attemptMany, type Measure } from './measure';
import { measureAlcance } from './measures/alcance';
import { measureArranque } from './measures/arranque';
import { measureEmbebida } from './measures/embebida';
import { measureExport } from './measures/export';
import { measureList } from './measures/list';
import { measureSession } from './measures/session';
import { measureShell } from './measures/shell';
import { measureEni } from './measures/eni';
import { measureFirma } from './measures/firma';
import { measureIntegridad } from './measures/integridad';
import { measureVerificacion } from './measures/verificacion';
import { measureBusqueda, measureTexto, prepararDocumentos } from './measures/texto';
import {
  FULL_CODIGOS,
  FULL_DOCUMENTOS_BUSQUEDA,
  FULL_DOCUMENTOS_INDICE,
  FULL_ENI_MIB,
  FULL_EXPEDIENTES,
  GRUPOS,
  GRUPOS_PROPIOS,
  parseOptions,
} from './options';
import { printResults, writeResults, type Results } from './report';
import { startStack, type Stack } from './stack';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const options = parseOptions(process.argv.slice(2));
const scratch = await mkdtemp(path.join(os.tmpdir(), 'ecodigital-bench-scale-'));
let stack: Stack | undefined;

try {
  const database = await prepareDatabase({
    name: options.databaseName,
    expedientes: options.expedientes,
    fresh: options.fresh,
    repoRoot,
  });
  console.log(
    `Base de datos ${options.databaseName} ${database.reused ? 'reutilizada' : 'generada'} ` +
      `(${options.expedientes.toLocaleString('es-ES')} expedientes).`,
  );
  const medidas: Measure[] = [];
  // Built and measured before the API starts, so the build does not compete with the measurements.
  const shell = options.solo.has('shell')
    ? await attempt('JS del armazón de la web en la primera carga (gzip)', '≤ 250 KB', () => measureShell(repoRoot))
    : undefined;

  // The compiled API on its own, before the measuring stack starts: start time, idle memory, first load.
  if (options.solo.has('arranque')) {
    console.log('Arranque de la API compilada, memoria en reposo y primera carga de la web…');
    medidas.push(
      ...(await attemptMany('API compilada: arranque, memoria y primera carga', '≤ 3 s; ≤ 128 MiB; ≤ 250 KB', () =>
        measureArranque({ repoRoot, databaseUrl: database.url, scratch }),
      )),
    );
  }

  // Signing runs in this process, before the API starts: nothing else competes with it.
  if (options.solo.has('firma')) {
    console.log(`Firma del índice de ${options.documentosIndice.toLocaleString('es-ES')} documentos…`);
    medidas.push(
      await attempt('Firma del índice (XAdES + PDF + PAdES)', '≤ 2 s', () =>
        measureFirma({ databaseUrl: database.url, scratch, documentos: options.documentosIndice }),
      ),
    );
  }

  // Text for the search inside documents, written before the API (and its extraction) starts.
  if (options.solo.has('busqueda') || options.solo.has('texto')) {
    await prepararDocumentos(database.url, options.documentos);
  }

  const running = await startStack({ databaseUrl: database.url, scratch, repoRoot });
  stack = running;
  const api = { base: running.base, token: running.token, databaseUrl: database.url, expedientes: options.expedientes };
  if (options.solo.has('sesion')) {
    console.log('Sesión: rendimiento con autocannon…');
    const label = 'GET /api/session/get (autocannon)';
    medidas.push(
      await attempt(label, '≥ 0,5', () => measureSession(running.base, running.token, options.throughputSeconds)),
    );
  }
  if (options.solo.has('lista')) {
    console.log('Lista y búsqueda: latencias…');
    const counts = { warmup: options.warmupRequests, requests: options.requests };
    medidas.push(...(await measureList({ ...api, counts })));
  }
  if (options.solo.has('exportacion')) {
    console.log('Exportación CSV frente a COPY…');
    medidas.push(...(await measureExport({ ...api, apiPid: running.apiPid, runs: options.exportRuns })));
  }
  if (options.solo.has('alcance')) {
    console.log('Visibilidad por unidad: personas de 1 y de 3 unidades…');
    medidas.push(
      ...(await measureAlcance({
        base: running.base,
        tokenFor: running.tokenFor,
        databaseUrl: database.url,
        apiPid: running.apiPid,
        counts: { warmup: options.warmupRequests, requests: options.requests },
        exportRuns: Math.max(3, options.exportRuns),
      })),
    );
  }
  if (options.solo.has('busqueda')) {
    console.log(`Búsqueda en el contenido de ${options.documentos.toLocaleString('es-ES')} documentos…`);
    medidas.push(
      ...(await measureBusqueda({
        ...api,
        tokenFor: running.tokenFor,
        counts: { warmup: options.warmupRequests, requests: options.requests },
      })),
    );
  }
  if (options.solo.has('texto')) {
    console.log('Extracción, OCR y reindexado…');
    medidas.push(
      ...(await measureTexto({
        base: running.base,
        token: running.token,
        tokenFor: running.tokenFor,
        otraApi: running.otraApi,
        databaseUrl: database.url,
        apiPid: running.apiPid,
        documentos: options.documentos,
        counts: { warmup: options.warmupRequests, requests: options.requests },
        uploads: options.uploads,
      })),
    );
  }
  if (options.solo.has('embebida')) {
    console.log('Base embebida (PGlite) frente a PostgreSQL: personas simultáneas con p99 ≤ 1 s…');
    medidas.push(
      await attempt('Personas simultáneas con p99 ≤ 1 s (PGlite frente a PostgreSQL)', 'informativa', () =>
        measureEmbebida({
          base: running.base,
          token: running.token,
          otraApi: running.otraApi,
          scratch,
          expedientes: options.expedientes,
          seconds: options.throughputSeconds,
        }),
      ),
    );
  }
  if (options.solo.has('integridad')) {
    console.log('Revisión de integridad: MiB/s frente a una lectura simple; latencias con y sin ella…');
    const counts = { warmup: options.warmupRequests, requests: options.requests };
    medidas.push(
      ...(await measureIntegridad({
        token: running.token,
        otraApi: running.otraApi,
        baseDeDatos: options.databaseName,
        scratch,
        mib: options.integridadMib,
        counts,
      })),
    );
  }
  if (options.solo.has('eni')) {
    console.log(`Exportación ENI de ${options.eniMib.toLocaleString('es-ES')} MiB frente a zip -0…`);
    medidas.push(
      ...(await measureEni({
        ...api,
        apiPid: running.apiPid,
        storageDir: running.storageDir,
        mib: options.eniMib,
        runs: options.exportRuns,
      })),
    );
  }
  if (options.solo.has('verificacion')) {
    console.log(`Verificación pública con ${options.codigos.toLocaleString('es-ES')} códigos…`);
    const counts = { warmup: options.warmupRequests, requests: options.requests };
    medidas.push(...(await measureVerificacion({ ...api, codigos: options.codigos, counts })));
  }
  if (shell) medidas.push(shell);

  const results: Results = {
    fecha: new Date().toISOString(),
    expedientes: options.expedientes,
    base_de_datos: options.databaseName,
    modo: options.quick ? 'rápido' : 'completo',
    maquina: await describeMachine(repoRoot, database.url),
    medidas,
  };
  printResults(results);
  // Only a full-size run replaces the committed results: every group at a million expedientes
  // (scale), only the groups that make their own rows, each at its full size (eni), or only the
  // search inside a million documents (busqueda).
  const full = !options.quick && options.expedientes === FULL_EXPEDIENTES && options.solo.size === GRUPOS.length;
  const propios =
    !options.quick &&
    [...options.solo].every((grupo) => GRUPOS_PROPIOS.includes(grupo)) &&
    options.solo.size === GRUPOS_PROPIOS.length &&
    options.documentosIndice === FULL_DOCUMENTOS_INDICE &&
    options.eniMib === FULL_ENI_MIB &&
    options.codigos === FULL_CODIGOS;
  const busqueda =
    !options.quick &&
    options.solo.size === 1 &&
    options.solo.has('busqueda') &&
    options.documentos === FULL_DOCUMENTOS_BUSQUEDA;
  const written = await writeResults(
    results,
    full || propios || busqueda ? path.join(repoRoot, 'bench/results') : scratchResults(),
    propios ? 'eni' : busqueda ? 'busqueda' : 'scale',
  );
  console.log(`Resultados en ${written.join(' y ')}`);
  if (medidas.some((measure) => !measure.cumple)) process.exitCode = 1;
} finally {
  await stack?.stop();
  await rm(scratch, { recursive: true, force: true });
}

function scratchResults(): string {
  return path.join(os.tmpdir(), 'ecodigital-bench-scale-results');
}
