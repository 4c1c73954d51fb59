import { spawn } from 'node:child_process';
import pg from 'pg';
import { leerEnInstantanea, type LecturaEnInstantanea } from './instantanea';

/**
 * The PostgreSQL server's dump, by the ecosystem's own `pg_dump`, in a snapshot exported by a
 * REPEATABLE READ transaction of ours which reads the document list first: the dump and the list
 * see the same committed rows, whatever the API writes meanwhile. Plain SQL with INSERTs (not
 * COPY), so that a restore can load it into PostgreSQL or the embedded PGlite alike.
 */
export async function volcarPostgres(url: string, archivo: string): Promise<LecturaEnInstantanea> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const [{ snapshot }] = (await client.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot'))
      .rows as [{ snapshot: string }];
    const leido = await leerEnInstantanea({
      query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
      exec: async (sql) => void (await client.query(sql)),
    });
    await pgDump(url, snapshot, archivo);
    await client.query('COMMIT');
    return leido;
  } finally {
    await client.end();
  }
}

function pgDump(url: string, snapshot: string, archivo: string): Promise<void> {
  // The password goes by environment, not on a command line any user of the machine can read.
  const conexion = new URL(url);
  const password = decodeURIComponent(conexion.password);
  conexion.password = '';
  const args = [
    `--snapshot=${snapshot}`,
    '--no-owner',
    '--no-privileges',
    '--inserts',
    '--rows-per-insert=1000',
    `--file=${archivo}`,
    `--dbname=${conexion.toString()}`,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('pg_dump', args, {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errores = '';
    child.stderr.on('data', (trozo: Buffer) => {
      if (errores.length < 10_000) errores += trozo.toString();
    });
    child.on('error', (error) =>
      reject(
        new Error(
          (error as NodeJS.ErrnoException).code === 'ENOENT'
            ? 'No se encontró pg_dump: instale el cliente de PostgreSQL (paquete postgresql-client).'
            : `No se pudo ejecutar pg_dump: ${error.message}`,
        ),
      ),
    );
    child.on('close', (codigo) =>
      codigo === 0 ? resolve() : reject(new Error(`pg_dump terminó con el código ${codigo}: ${errores.trim()}`)),
    );
  });
}
