import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/database';
import { DATABASES, until, type MigratedDatabase } from './testing/job-test-kit';
import { declareQueue, enqueueJob, takeJob, type TakenJob } from './job-store';

/** One connection with a transaction left open, as a worker of another instance holds it mid-take. */
async function openTransaction(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('BEGIN');
  const [{ pid }] = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows as [{ pid: number }];
  const tx: Queryable = {
    query: async <T>(sql: string, params: readonly unknown[] = []) =>
      (await client.query(sql, params as unknown[])).rows as T[],
    exec: async (sql: string) => void (await client.query(sql)),
  };
  let ended = false;
  return {
    pid,
    tx,
    async end() {
      if (ended) return;
      ended = true;
      await client.query('COMMIT').catch(() => {});
      await client.end();
    },
  };
}

/**
 * Two workers each inside its own open transaction, on PostgreSQL: the second take must neither
 * wait for the first one's lock nor get the same job. Without `SKIP LOCKED` the second waits for the
 * first transaction; without the row lock it takes the job the first one holds.
 */
describe('taking a job from two open transactions', () => {
  let database: MigratedDatabase;
  let admin: pg.Client;

  beforeAll(async () => {
    database = await DATABASES.find((d) => d.kind === 'postgres')!.open();
    await declareQueue(database.db, 'prueba', 'Cola de prueba');
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  }, 120_000);
  afterAll(async () => {
    await admin?.end();
    await database?.close();
  });

  /** The take of `worker` in `tx`, or «blocked» as soon as PostgreSQL shows that connection waiting for a lock. */
  async function takeOrBlock(worker: { pid: number; tx: Queryable }, name: string) {
    const take = takeJob(worker.tx, 'prueba', name, 60_000).then((job) => ({ job }));
    let settled = false;
    void take.finally(() => (settled = true));
    const blocked = until(async () => {
      if (settled) return true;
      const [row] = (
        await admin.query<{ wait: string | null }>(
          'SELECT wait_event_type AS wait FROM pg_stat_activity WHERE pid = $1',
          [worker.pid],
        )
      ).rows;
      return row?.wait === 'Lock';
    }, `${name} to take a job or wait for a lock`).then(() => 'blocked' as const);
    return { take, outcome: await Promise.race([take, blocked]) };
  }

  it('two workers with open transactions take two different jobs, and a third one none, without waiting', async () => {
    for (const clave of ['uno', 'dos']) await enqueueJob(database.db, 'prueba', { key: clave });
    const a = await openTransaction(database.url!);
    const b = await openTransaction(database.url!);
    const c = await openTransaction(database.url!);
    const taken: (TakenJob<unknown> | undefined)[] = [];
    const outcomes: string[] = [];
    try {
      taken.push(await takeJob(a.tx, 'prueba', 'a', 60_000));
      const before = [a];
      for (const [worker, name] of [
        [b, 'b'],
        [c, 'c'],
      ] as const) {
        const { take, outcome } = await takeOrBlock(worker, name);
        outcomes.push(outcome === 'blocked' ? `${name} waited for a lock` : `${name} took without waiting`);
        if (outcome === 'blocked') {
          // Let it through to see what it takes once the transactions before it end.
          for (const earlier of before) await earlier.end();
          taken.push((await take).job);
        } else taken.push(outcome.job);
        before.push(worker);
      }
    } finally {
      await Promise.all([a.end(), b.end(), c.end()]);
    }
    expect(outcomes).toEqual(['b took without waiting', 'c took without waiting']);
    const [first, second, third] = taken;
    expect(first?.key).toBeDefined();
    expect(second?.key).toBeDefined();
    expect(new Set([first?.key, second?.key])).toEqual(new Set(['uno', 'dos']));
    expect(first?.token).not.toBe(second?.token);
    expect(third).toBeUndefined();
    const rows = await database.db.query<{ clave: string; tomado_por: string }>(
      `SELECT clave, tomado_por FROM trabajo WHERE cola = 'prueba' ORDER BY clave`,
    );
    expect(new Set(rows.map((row) => row.tomado_por))).toEqual(new Set(['a', 'b']));
  });
});
