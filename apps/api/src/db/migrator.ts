import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, Queryable } from './database';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// Any constant shared by every instance; serialises concurrent starts against one database.
const MIGRATION_LOCK_KEY = 724_311_902;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = /^(\d{3,})_([\w-]+)\.sql$/.exec(file);
    if (!match) throw new Error(`Nombre de migración no válido: ${file} (se espera NNN_nombre.sql)`);
    migrations.push({ version: match[1]!, name: match[2]!, sql: await readFile(path.join(dir, file), 'utf8') });
  }
  const versions = new Set(migrations.map((m) => m.version));
  if (versions.size !== migrations.length) throw new Error('Hay dos migraciones con el mismo número.');
  return migrations;
}

/** `work` in one transaction holding the lock every schema change takes (migrations, privileges). */
export function withMigrationLock<T>(db: Database, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    return work(tx);
  });
}

/**
 * Those of `migrations` not yet applied, read without writing: a role that may not change the
 * schema (the API's own, see `api-privileges.ts`) can still tell whether it is up to date.
 */
export async function pendingMigrations(db: Queryable, migrations: Migration[]): Promise<Migration[]> {
  const [{ existe } = { existe: false }] = await db.query<{ existe: boolean }>(
    `SELECT to_regclass('schema_migrations') IS NOT NULL AS existe`,
  );
  if (!existe) return migrations;
  const done = new Set(
    (await db.query<{ version: string }>('SELECT version FROM schema_migrations')).map((row) => row.version),
  );
  return migrations.filter((migration) => !done.has(migration.version));
}

/**
 * Applies pending migrations in order, each in its own transaction. Each transaction first takes a
 * transaction-level advisory lock, so two processes starting together apply every file once.
 * Returns the versions applied by this call; with nothing pending it writes nothing.
 */
export async function runMigrations(db: Database, migrations?: Migration[]): Promise<string[]> {
  const pending = await pendingMigrations(db, migrations ?? (await loadMigrations()));
  if (pending.length === 0) return [];
  await withMigrationLock(db, (tx) =>
    tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`),
  );

  const applied: string[] = [];
  for (const migration of pending) {
    const ran = await withMigrationLock(db, async (tx) => {
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (done.length > 0) return false;
      // A migration may rebuild an index over a million rows: the pool's statement limit is for requests.
      await tx.exec('SET LOCAL statement_timeout = 0');
      try {
        await tx.exec(migration.sql);
      } catch (error) {
        throw new Error(`La migración ${migration.version}_${migration.name} falló: ${(error as Error).message}`, {
          cause: error,
        });
      }
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      return true;
    });
    if (ran) applied.push(`${migration.version}_${migration.name}`);
  }
  return applied;
}
