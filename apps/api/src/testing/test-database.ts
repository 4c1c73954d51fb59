import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const TEST_DATABASE_ADMIN_URL =
  process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A fresh, empty database on the local PostgreSQL, dropped (even with open connections) by `drop()`. */
export async function createTestDatabase(prefix = 'ecodigital_test'): Promise<TestDatabase> {
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`Prefijo de base de datos no válido: «${prefix}»`);
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(TEST_DATABASE_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_ADMIN_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
