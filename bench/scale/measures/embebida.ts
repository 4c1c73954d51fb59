/**
 * How many people the embedded database (PGlite) serves with p99 ≤ 1 s, against PostgreSQL on the
 * same machine: the first page of the list of expedientes (what everybody opens) under autocannon,
 * with more and more connections that each ask again as soon as answered (a person who never
 * pauses: harder than an office). The figure is the largest level with p99 ≤ 1 s and no error.
 * The PGlite API is another child process with its own data folder, seeded by the data generator.
 */
import autocannon from 'autocannon';
import path from 'node:path';
import { createPgliteDatabase } from '@ecodigital/api/db/pglite-database';
import { runMigrations } from '@ecodigital/api/db/migrator';
import { seedDemo } from '@ecodigital/api/tools/demo-data';
import { numero, type Measure } from '../measure';

const NIVELES = [1, 2, 5, 10, 20, 50, 100];
const P99_MAX_MS = 1_000;
/** The embedded default is for small offices: it gets at most this many expedientes. */
const MAX_EXPEDIENTES_EMBEBIDA = 20_000;
const RUTA = '/api/expedientes?pageSize=20';

interface Nivel {
  conexiones: number;
  peticiones_s: number;
  p99_ms: number;
  fallos: number;
}

export async function measureEmbebida(options: {
  base: string;
  token: string;
  otraApi(env: Record<string, string>): Promise<{ base: string; stop(): Promise<void> }>;
  scratch: string;
  expedientes: number;
  seconds: number;
}): Promise<Measure> {
  const expedientes = Math.min(options.expedientes, MAX_EXPEDIENTES_EMBEBIDA);
  const dataDir = path.join(options.scratch, 'embebida');
  const db = await createPgliteDatabase(path.join(dataDir, 'db'));
  try {
    await runMigrations(db);
    await seedDemo(db, { expedientes, batchSize: 5_000 });
  } finally {
    await db.close();
  }
  const embebida = await options.otraApi({ DATABASE_URL: '', DATABASE_MIGRATION_URL: '', DATA_DIR: dataDir });
  let enPglite: Nivel[];
  try {
    enPglite = await subir(embebida.base, options.token, options.seconds);
  } finally {
    await embebida.stop();
  }
  const enPostgres = await subir(options.base, options.token, options.seconds);
  const pglite = capacidad(enPglite);
  const postgres = capacidad(enPostgres);
  const resumen = (niveles: Nivel[]) =>
    niveles.map((n) => `${n.conexiones}: ${numero(n.p99_ms, 0)} ms, ${numero(n.peticiones_s, 0)}/s`).join('; ');
  return {
    medida: `Personas simultáneas con p99 ≤ 1 s en la lista (PGlite con ${numero(expedientes, 0)} expedientes)`,
    valor: `${pglite} conexiones (PGlite)`,
    base: `${postgres} conexiones (PostgreSQL, ${numero(options.expedientes, 0)} expedientes)`,
    ratio: postgres ? numero(pglite / postgres, 2) : '—',
    objetivo: 'informativa',
    cumple: true,
    datos: {
      conexiones_pglite: pglite,
      conexiones_postgres: postgres,
      expedientes_pglite: expedientes,
      niveles_pglite: resumen(enPglite),
      niveles_postgres: resumen(enPostgres),
      segundos_por_nivel: options.seconds,
    },
  };
}

/** Levels in order until one fails the p99 or errs: the last ones tell where it breaks. */
async function subir(base: string, token: string, seconds: number): Promise<Nivel[]> {
  const niveles: Nivel[] = [];
  await carga(base, token, 2, 5); // warm-up: plans, caches, the caller's usuario row
  for (const conexiones of NIVELES) {
    const nivel = await carga(base, token, conexiones, seconds);
    niveles.push(nivel);
    if (nivel.p99_ms > P99_MAX_MS || nivel.fallos) break;
  }
  return niveles;
}

function capacidad(niveles: Nivel[]): number {
  return niveles.filter((n) => n.p99_ms <= P99_MAX_MS && !n.fallos).at(-1)?.conexiones ?? 0;
}

async function carga(base: string, token: string, conexiones: number, seconds: number): Promise<Nivel> {
  const result = await autocannon({
    url: `${base}${RUTA}`,
    connections: conexiones,
    duration: seconds,
    timeout: 30,
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    conexiones,
    peticiones_s: result['2xx'] / result.duration,
    p99_ms: result.latency.p99,
    fallos: result.non2xx + result.errors + result.timeouts,
  };
}
