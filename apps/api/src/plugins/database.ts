import fp from 'fastify-plugin';
import type { Database } from '../db/database';
import { openDatabase } from '../db/open-database';
import type { DatabasePoolConfig } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

interface DatabasePluginOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  databasePool: DatabasePoolConfig;
  /** Opened beforehand (the server does, outside Fastify's plugin timeout); the app closes it. */
  db?: Database;
}

/** Decorates `db` (PostgreSQL when `databaseUrl` is set, embedded PGlite otherwise); closes it with the app. */
export default fp<DatabasePluginOptions>(
  async (app, options) => {
    const db = options.db ?? (await openDatabase(options));
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.close();
    });
  },
  { name: 'database' },
);
