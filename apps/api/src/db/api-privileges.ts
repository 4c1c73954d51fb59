import type { Queryable } from './database';

/** A PostgreSQL identifier, quoted: a role's name is data, never SQL. */
export const quoteIdentifier = (nombre: string): string => `"${nombre.replaceAll('"', '""')}"`;

interface RestrictedTable {
  tabla: string;
  insertar: boolean;
  actualizar: string[] | null;
  borrar: boolean;
}

/**
 * Gives `rol` what the API needs and nothing more, from scratch (what a table had before is
 * revoked first, so moving a table into `privilegio_api` takes effect): SELECT, INSERT, UPDATE,
 * DELETE on every table of the schema and USAGE on its sequences, less what `privilegio_api`
 * withholds. Never TRUNCATE, REFERENCES or TRIGGER, and the role owns nothing, so it can neither
 * ALTER a table nor disable its triggers. Run by the owner after the migrations, in one transaction.
 */
export async function grantApiPrivileges(tx: Queryable, rol: string): Promise<void> {
  const r = quoteIdentifier(rol);
  await tx.exec(`
    GRANT USAGE ON SCHEMA public TO ${r};
    REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${r};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${r};
    REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM ${r};
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${r};
  `);
  const restricted = await tx.query<RestrictedTable>(
    `SELECT tabla, insertar, actualizar, borrar FROM privilegio_api
      WHERE to_regclass(format('public.%I', tabla)) IS NOT NULL ORDER BY tabla`,
  );
  for (const { tabla, insertar, actualizar, borrar } of restricted) {
    const t = `public.${quoteIdentifier(tabla)}`;
    const quitar = [
      ...(insertar ? [] : ['INSERT']),
      ...(actualizar === null ? [] : ['UPDATE']),
      ...(borrar ? [] : ['DELETE']),
    ];
    if (quitar.length > 0) await tx.exec(`REVOKE ${quitar.join(', ')} ON ${t} FROM ${r}`);
    if (actualizar?.length) {
      await tx.exec(`GRANT UPDATE (${actualizar.map(quoteIdentifier).join(', ')}) ON ${t} TO ${r}`);
    }
  }
}

/**
 * Whether `rol` could undo what `grantApiPrivileges` withholds: a superuser, or a member of
 * the role that owns a table of the schema.
 */
export async function canRewrite(db: Queryable, rol: string): Promise<boolean> {
  const [fila] = await db.query<{ puede: boolean }>(
    `SELECT coalesce((SELECT rolsuper FROM pg_roles WHERE rolname = $1), false)
         OR EXISTS (SELECT 1 FROM pg_tables WHERE schemaname = 'public' AND pg_has_role($1, tableowner, 'USAGE'))
       AS puede`,
    [rol],
  );
  return fila?.puede ?? false;
}
