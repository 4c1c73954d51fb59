import { randomBytes } from 'node:crypto';
import pg from 'pg';

const TEST_DATABASE_ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  /** Connects as the administrator, who owns what the migrations create. */
  url: string;
  name: string;
  /**
   * A login role of this database's own (roles are cluster-wide: the name derives from the
   * database's, and `drop()` drops it), with the URL that connects as it; no privileges yet.
   */
  createRole(suffix?: string): Promise<{ role: string; url: string }>;
  drop(): Promise<void>;
}

/** A fresh, empty database on the local PostgreSQL, dropped (even with open connections) by `drop()`. */
export async function createTestDatabase(prefix = 'ecodigital_test'): Promise<TestDatabase> {
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`Prefijo de base de datos no válido: «${prefix}»`);
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${name}`));
  const urlAs = (user?: string) => {
    const url = new URL(TEST_DATABASE_ADMIN_URL);
    url.pathname = `/${name}`;
    if (user) {
      url.username = user;
      url.password = '';
    }
    return url.toString();
  };
  const roles: string[] = [];
  return {
    url: urlAs(),
    name,
    async createRole(suffix = 'api') {
      if (!/^[a-z0-9_]{1,10}$/.test(suffix)) throw new Error(`Sufijo de rol no válido: «${suffix}»`);
      const role = `${name}_${suffix}`;
      await withAdmin((admin) => admin.query(`CREATE ROLE ${role} LOGIN`));
      roles.push(role);
      return { role, url: urlAs(role) };
    },
    drop: () =>
      withAdmin(async (admin) => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        // Its privileges went with the database; the role owns nothing anywhere else.
        for (const role of roles) await admin.query(`DROP ROLE IF EXISTS ${role}`);
      }),
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
