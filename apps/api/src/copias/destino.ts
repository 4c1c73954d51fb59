import path from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import type { Database, Queryable } from '../db/database';
import { createPgDatabase } from '../db/pg-database';
import { prepareDatabase } from '../db/prepare-database';
import { CopiaNoRestaurableError } from './localizar-copia';

export type ConfigDestino = Pick<AppConfig, 'databaseUrl' | 'databaseMigrationUrl' | 'dataDir' | 'databasePool'>;

/** The database a restore writes into: PostgreSQL (`DATABASE_URL`) or the embedded one (`DATA_DIR`). */
export interface BaseDestino {
  readonly kind: 'postgres' | 'pglite';
  /** As the schema's owner (PostgreSQL) or the embedded superuser. */
  readonly duena: Queryable;
  /** Why it may not be written now (tables in it, other sessions); empty when it may. */
  impedimentos(): Promise<string[]>;
  /** `--forzar`: everything in the schema goes. */
  vaciar(): Promise<void>;
  /** Then as the API: pending migrations applied, the API's role granted, the connection it uses. */
  prepararParaLaApi(): Promise<Database>;
  cerrar(): Promise<void>;
}

const tablasDe = async (db: Queryable) =>
  (await db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM pg_tables WHERE schemaname = 'public'`))[0]?.n ??
  0;

export async function abrirDestino(config: ConfigDestino): Promise<BaseDestino> {
  return config.databaseUrl ? abrirPostgres(config, config.databaseUrl) : abrirEmbebida(config);
}

async function abrirPostgres(config: ConfigDestino, databaseUrl: string): Promise<BaseDestino> {
  // No statement timeout: loading a large dump is one long statement list.
  const client = new pg.Client({ connectionString: config.databaseMigrationUrl ?? databaseUrl });
  await client.connect();
  const duena: Queryable = {
    query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
    exec: async (sql) => void (await client.query(sql)),
  };
  let api: Database | undefined;
  return {
    kind: 'postgres',
    duena,
    async impedimentos() {
      const motivos: string[] = [];
      const tablas = await tablasDe(duena);
      if (tablas) motivos.push(`la base de datos de destino no está vacía (${tablas} tablas)`);
      const [{ n } = { n: 0 }] = await duena.query<{ n: number }>(
        `SELECT count(*)::integer AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      );
      if (n) motivos.push(`hay ${n} conexiones más a la base de datos de destino (¿está la API en marcha?)`);
      return motivos;
    },
    vaciar: () => duena.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;'),
    async prepararParaLaApi() {
      api = createPgDatabase(databaseUrl, { ...config.databasePool, max: 2, statementTimeoutMs: 0 });
      await prepareDatabase(api, { migrationUrl: config.databaseMigrationUrl, log: { warn: () => {} } });
      return api;
    },
    async cerrar() {
      await api?.close();
      await client.end();
    },
  };
}

async function abrirEmbebida(config: ConfigDestino): Promise<BaseDestino> {
  const { createPgliteDatabase } = await import('../db/pglite-database');
  let db: Database;
  try {
    db = await createPgliteDatabase(path.join(config.dataDir, 'db'));
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new CopiaNoRestaurableError(
        `${error.message} No se restaura sobre una base de datos en uso: detenga la API antes de restaurar.`,
        { cause: error },
      );
    }
    throw error;
  }
  return {
    kind: 'pglite',
    duena: db,
    async impedimentos() {
      const tablas = await tablasDe(db);
      return tablas ? [`la base de datos embebida de «${config.dataDir}» no está vacía (${tablas} tablas)`] : [];
    },
    vaciar: () => db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;'),
    async prepararParaLaApi() {
      await prepareDatabase(db, { log: { warn: () => {} } });
      return db;
    },
    cerrar: () => db.close(),
  };
}
