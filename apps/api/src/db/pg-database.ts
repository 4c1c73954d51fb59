import pg from 'pg';
import type { DatabasePoolConfig } from '../config';
import { DatabaseUnavailableError, type Database, type Queryable, type Row } from './database';

const DEFAULT_POOL: DatabasePoolConfig = { max: 10, connectionWaitMs: 5_000, statementTimeoutMs: 30_000 };

/** Errors that say the server cannot take work now, not that the statement was wrong. */
const UNAVAILABLE_CODES = new Set([
  '53300', // too_many_connections
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EAI_AGAIN',
]);

function unavailable(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  const message = (error as Error).message ?? '';
  if (message.includes('timeout exceeded when trying to connect')) {
    return new DatabaseUnavailableError('sin conexiones libres en el pool', { cause: error });
  }
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) {
    return new DatabaseUnavailableError(`PostgreSQL no acepta conexiones (${code})`, { cause: error });
  }
  return error;
}

export function createPgDatabase(connectionString: string, poolConfig: DatabasePoolConfig = DEFAULT_POOL): Database {
  const pool = new pg.Pool({
    connectionString,
    max: poolConfig.max,
    connectionTimeoutMillis: poolConfig.connectionWaitMs,
    statement_timeout: poolConfig.statementTimeoutMs,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});

  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T = Row>(sql: string, params: readonly unknown[] = []) {
      try {
        const result = await client.query(sql, params as unknown[]);
        return result.rows as T[];
      } catch (error) {
        throw unavailable(error);
      }
    },
    async exec(sql: string) {
      try {
        await client.query(sql);
      } catch (error) {
        throw unavailable(error);
      }
    },
  });

  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(work) {
      const client = await pool.connect().catch((error: unknown) => {
        throw unavailable(error);
      });
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw unavailable(error);
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
