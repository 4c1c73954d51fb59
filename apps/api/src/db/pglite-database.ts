import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { mkdir } from 'node:fs/promises';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import type { Database, Queryable, Row } from './database';

/**
 * `dataDir` undefined → in memory (tests). A folder is opened by one process at a time
 * (`lockDataDir`): a second one fails with `DataDirLockedError`.
 */
export async function createPgliteDatabase(dataDir?: string): Promise<Database> {
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
    async close() {
      try {
        await db.close();
      } finally {
        await lock?.release();
      }
    },
  };
}
