import type { Database } from '../../../db/database';
import { runMigrations } from '../../../db/migrator';
import { createPgDatabase } from '../../../db/pg-database';
import { createPgliteDatabase } from '../../../db/pglite-database';
import { createTestDatabase } from '../../../testing/test-database';

/** A migrated database of either kind, and how to get rid of it. */
export interface MigratedDatabase {
  db: Database;
  /** PostgreSQL only: another pool on the same database (another instance). */
  url: string | undefined;
  close(): Promise<void>;
}

export const DATABASES: { kind: 'postgres' | 'pglite'; open(): Promise<MigratedDatabase> }[] = [
  {
    kind: 'postgres',
    async open() {
      const database = await createTestDatabase('ecodigital_jobs');
      const db = createPgDatabase(database.url);
      await runMigrations(db);
      return {
        db,
        url: database.url,
        async close() {
          await db.close();
          await database.drop();
        },
      };
    },
  },
  {
    kind: 'pglite',
    async open() {
      const db = await createPgliteDatabase();
      await runMigrations(db);
      return { db, url: undefined, close: () => db.close() };
    },
  },
];

/** A promise resolved from outside: lets a test hold a job's code at a chosen point. */
export function gate<T = void>(): { promise: Promise<T>; open(value: T): void } {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

/** Waits until `condition` holds, looking every 20 ms; fails after `timeoutMs` (a loaded machine is slow, not stuck). */
export async function until(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`Waited ${timeoutMs} ms for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
