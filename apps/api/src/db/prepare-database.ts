import { canRewrite, grantApiPrivileges, quoteIdentifier } from './api-privileges';
import type { Database } from './database';
import { loadMigrations, pendingMigrations, runMigrations, withMigrationLock } from './migrator';
import { createPgDatabase } from './pg-database';

/** The embedded database's role for the API: PGlite is a cluster of its own, so the name is fixed. */
export const PGLITE_API_ROLE = 'ecodigital_api';

export interface PrepareDatabaseOptions {
  /** The schema owner's connection string (`DATABASE_MIGRATION_URL`); absent, `db` migrates itself. */
  migrationUrl?: string;
  /** Production: warn when the API's role could rewrite the evidence. */
  produccion?: boolean;
  log: { warn(message: string): void };
}

export class MigrationRightsError extends Error {
  override name = 'MigrationRightsError';
}

/**
 * Brings the schema up to date and leaves `db` (the API's connection) working with only the
 * privileges the API needs (`api-privileges.ts`):
 * - PostgreSQL with the owner's URL: the owner migrates, then grants the role `db` connects as.
 * - PostgreSQL without it: `db` migrates as it always did (its role owns the tables, or an
 *   operator ran `migrar` beforehand and nothing is pending).
 * - PGlite: the embedded superuser migrates and grants `ecodigital_api`, then `db` switches to it
 *   (`SET ROLE`). The same privileges as in production, so a route needing more fails here too;
 *   not a barrier against whoever can run SQL in the process, who could switch back.
 * Returns the migrations applied.
 */
export async function prepareDatabase(db: Database, options: PrepareDatabaseOptions): Promise<string[]> {
  if (db.kind === 'pglite') return prepareEmbedded(db);

  const [{ rol } = { rol: '' }] = await db.query<{ rol: string }>('SELECT current_user AS rol');
  if (options.migrationUrl) {
    const owner = createPgDatabase(options.migrationUrl, { max: 1, connectionWaitMs: 30_000, statementTimeoutMs: 0 });
    try {
      const applied = await runMigrations(owner);
      await withMigrationLock(owner, (tx) => grantApiPrivileges(tx, rol));
      if (await canRewrite(owner, rol)) options.log.warn(rolQuePuedeReescribir(rol, true));
      return applied;
    } finally {
      await owner.close();
    }
  }

  let applied: string[];
  try {
    applied = await runMigrations(db);
  } catch (error) {
    if (!sinPermiso(error)) throw error;
    const pending = await pendingMigrations(db, await loadMigrations());
    throw new MigrationRightsError(
      `Hay migraciones pendientes (${pending.map((m) => `${m.version}_${m.name}`).join(', ')}) y el rol «${rol}» de DATABASE_URL no puede aplicarlas: aplíquelas con DATABASE_MIGRATION_URL (la cadena de conexión del dueño del esquema), al arrancar la API o con «node apps/api/dist/migrar.js».`,
      { cause: error },
    );
  }
  if (options.produccion && (await canRewrite(db, rol))) options.log.warn(rolQuePuedeReescribir(rol, false));
  return applied;
}

/** PostgreSQL's insufficient_privilege, possibly wrapped by the migrator. */
const sinPermiso = (error: unknown): boolean =>
  (error as { code?: unknown }).code === '42501' || (error as { cause?: { code?: unknown } }).cause?.code === '42501';

function rolQuePuedeReescribir(rol: string, conUrlDeMigracion: boolean): string {
  return conUrlDeMigracion
    ? `El rol «${rol}» de DATABASE_URL es el dueño de las tablas (o superusuario): podría desactivar los disparadores que protegen el historial y la auditoría. Use para DATABASE_URL un rol distinto del de DATABASE_MIGRATION_URL.`
    : `La API trabaja con el rol «${rol}», dueño de las tablas (o superusuario): podría desactivar los disparadores que protegen el historial y la auditoría. Cree un rol propio para la API y pase la conexión del dueño en DATABASE_MIGRATION_URL (README, «Producción»).`;
}

async function prepareEmbedded(db: Database): Promise<string[]> {
  const applied = await runMigrations(db);
  const rol = quoteIdentifier(PGLITE_API_ROLE);
  await withMigrationLock(db, async (tx) => {
    const [existe] = await tx.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [PGLITE_API_ROLE]);
    if (!existe) await tx.exec(`CREATE ROLE ${rol} NOLOGIN`);
    await grantApiPrivileges(tx, PGLITE_API_ROLE);
  });
  await db.exec(`SET ROLE ${rol}`);
  return applied;
}
