/**
 * The benchmark's PostgreSQL database: reused when it already holds the requested number of
 * expedientes (reruns take seconds), otherwise dropped, recreated and filled by the project's own
 * data generator (`npm run seed:demo`).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function prepareDatabase(options: {
  name: string;
  expedientes: number;
  fresh: boolean;
  repoRoot: string;
}): Promise<{ url: string; reused: boolean }> {
  const url = databaseUrl(options.name);
  const existing = options.fresh ? undefined : await countExpedientes(options.name);
  const reused = existing === options.expedientes;
  if (!reused) {
    if (existing !== undefined)
      console.log(`La base de datos ${options.name} tiene ${existing ?? 0} expedientes; se regenera.`);
    await withClient(ADMIN_URL, async (admin) => {
      await admin.query(`DROP DATABASE IF EXISTS ${options.name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${options.name}`);
    });
    await seed(url, options.expedientes, options.repoRoot);
  }
  // A freshly loaded table has no visibility map until autovacuum gets to it, at some random moment
  // in the middle of the measurements; vacuum first so every run starts alike (cheap when done).
  await withClient(url, (client) => client.query('VACUUM (ANALYZE) expediente, historial'));
  return { url, reused };
}

/** An empty database for one group, created anew (dropped first if a run left it); `drop()` removes it. */
export async function scratchDatabase(name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const drop = async () => {
    await withClient(ADMIN_URL, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  };
  await drop();
  await withClient(ADMIN_URL, (admin) => admin.query(`CREATE DATABASE ${name}`));
  return { url: databaseUrl(name), drop };
}

/** undefined when the database does not exist; null when it exists without the schema. */
async function countExpedientes(name: string): Promise<number | null | undefined> {
  const exists = await withClient(ADMIN_URL, async (admin) => {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return rowCount === 1;
  });
  if (!exists) return undefined;
  return withClient(databaseUrl(name), async (client) => {
    const { rows } = await client.query<{ tabla: string | null }>(`SELECT to_regclass('expediente')::text AS tabla`);
    if (!rows[0]?.tabla) return null;
    // Generated before the organisation (no unidades to spread over) or with a handful of people
    // (each the responsable of a tenth of the archive): not the data the measures assume.
    const { rows: organizacion } = await client.query<{ unidades: number | null; personas: number }>(
      `SELECT CASE WHEN to_regclass('usuario_unidad') IS NULL THEN NULL
                   ELSE (SELECT count(*)::integer FROM unidad) END AS unidades,
              (SELECT count(*)::integer FROM usuario) AS personas`,
    );
    const counted = await client.query<{ total: number }>('SELECT count(*)::integer AS total FROM expediente');
    const total = counted.rows[0]?.total ?? 0;
    const { unidades, personas } = organizacion[0]!;
    if (!unidades || unidades < 20 || personas < total / 2_000) return null;
    return total;
  });
}

function seed(url: string, expedientes: number, repoRoot: string): Promise<void> {
  console.log(`Generando ${expedientes.toLocaleString('es-ES')} expedientes con el generador de datos…`);
  // Without the generator's demo documents: their files would land in the repository's ./data, and
  // the search group fills the documents it measures itself (texto/corpus.ts).
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(repoRoot, 'apps/api/src/tools/seed-demo.ts'),
      '--expedientes',
      String(expedientes),
      '--documentos',
      '0',
    ],
    { cwd: repoRoot, env: { ...process.env, DATABASE_URL: url }, stdio: 'inherit' },
  );
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`El generador de datos terminó con código ${code}.`)),
    );
  });
}
