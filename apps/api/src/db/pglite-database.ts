import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { mkdir } from 'node:fs/promises';
import type { Database, Queryable, Row } from './database';

/** `dataDir` undefined → in memory (tests). */
export async function createPgliteDatabase(dataDir?: string): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ?? 'memory://', { extensions: { unaccent, pg_trgm } });

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
      await db.close();
    },
  };
}
