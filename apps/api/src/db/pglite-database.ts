import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { mkdir } from 'node:fs/promises';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import type { Database, Queryable, Row } from './database';

/** The embedded database, which alone can dump itself: only this process may open its folder. */
export interface PgliteDatabase extends Database {
  readonly kind: 'pglite';
  /**
   * A plain-SQL dump (pglite-tools' pg_dump) and what `leer` reads, both in one REPEATABLE READ
   * snapshot: nothing committed between them can be in one and not in the other.
   */
  volcar<T>(leer: (tx: Queryable) => Promise<T>): Promise<{ sql: string; leido: T }>;
}

/**
 * `dataDir` undefined → in memory (tests). A folder is opened by one process at a time
 * (`lockDataDir`): a second one fails with `DataDirLockedError`.
 */
export async function createPgliteDatabase(dataDir?: string): Promise<PgliteDatabase> {
  let lock: DataDirLock | undefined;
  if (dataDir) {
    await mkdir(dataDir, { recursive: true });
    lock = await lockDataDir(dataDir);
  }
  let db: PGlite;
  try {
    db = await PGlite.create(dataDir ?? 'memory://', { extensions: { unaccent, pg_trgm } });
  } catch (error) {
    await lock?.release();
    throw error;
  }

  const wrap = (client: PGlite | Transaction): Queryable => ({
    async query<T = Row>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string) {
      await client.exec(sql);
    },
  });

  return {
    kind: 'pglite',
    ...wrap(db),
    transaction: (work) => db.transaction((tx) => work(wrap(tx))),
    volcar: (leer) => volcarEnInstantanea(db, wrap, leer),
    async close() {
      try {
        await db.close();
      } finally {
        await lock?.release();
      }
    },
  };
}

/**
 * pg_dump runs inside PGlite's one session, so it must not interleave with the API's transactions:
 * it runs inside one of ours (holding PGlite's transaction lock), whose snapshot `leer` uses first.
 * Its own BEGIN only warns, and its REPEATABLE READ is the level already set. It dumps as the
 * superuser (`--role`), and the API's role is taken back afterwards.
 */
async function volcarEnInstantanea<T>(
  db: PGlite,
  wrap: (client: Transaction) => Queryable,
  leer: (tx: Queryable) => Promise<T>,
): Promise<{ sql: string; leido: T }> {
  const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
  return db.transaction(async (tx) => {
    await tx.exec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    const [{ rol } = { rol: '' }] = (await tx.query<{ rol: string }>('SELECT current_user AS rol')).rows;
    const leido = await leer(wrap(tx));
    // pgDump's own statements (search_path, DEALLOCATE) go through the transaction, not the lock.
    const enLaTransaccion = new Proxy(db, {
      get(target, prop) {
        if (prop === 'query') return tx.query.bind(tx);
        if (prop === 'exec') return tx.exec.bind(tx);
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const archivo = await pgDump({
      pg: enLaTransaccion,
      args: ['--no-owner', '--no-privileges', '--role=postgres', '--rows-per-insert=1000'],
    });
    if (rol) await tx.exec(`SET ROLE "${rol.replace(/"/g, '""')}"`);
    return { sql: await archivo.text(), leido };
  });
}
