import { CAPACIDAD } from '@ecodigital/contracts/comunes';
import type { PermisoDescrito, RolAdmin } from '@ecodigital/contracts/administracion';
import type { Queryable } from '../../db/database';

/** The administrador role keeps these whatever is sent (migration 009 enforces it too). */
export const PERMISOS_FIJOS: Record<string, readonly string[]> = { administrador: ['administracion.roles'] };

/**
 * Roles come from the identity provider: those with a row (the seeded three, and any given
 * permisos here) and any a signed-in person's last token carried.
 */
export async function findRoles(db: Queryable): Promise<Omit<RolAdmin, 'permisos_fijos'>[]> {
  return db.query(
    `WITH vistos AS (SELECT DISTINCT unnest(roles) AS rol FROM usuario),
          todos AS (SELECT nombre AS rol FROM rol UNION SELECT rol FROM vistos)
     SELECT t.rol,
            coalesce(r.descripcion, '') AS descripcion,
            ARRAY(SELECT permiso FROM rol_permiso rp WHERE rp.rol = t.rol ORDER BY permiso) AS permisos,
            (SELECT count(*) FROM usuario u WHERE t.rol = ANY(u.roles))::integer AS personas
     FROM todos t LEFT JOIN rol r ON r.nombre = t.rol
     ORDER BY r.nombre IS NULL, t.rol
     LIMIT $1`,
    [CAPACIDAD.roles],
  );
}

export function findPermisos(db: Queryable): Promise<PermisoDescrito[]> {
  return db.query<PermisoDescrito>('SELECT codigo, descripcion FROM permiso ORDER BY codigo');
}

export async function findPermisosDeRol(db: Queryable, rol: string): Promise<string[]> {
  const rows = await db.query<{ permiso: string }>(
    'SELECT permiso FROM rol_permiso WHERE rol = $1 ORDER BY permiso FOR UPDATE',
    [rol],
  );
  return rows.map((row) => row.permiso);
}

/** A role first named here (it exists in Keycloak) gets a row so its permisos can hang from it. */
export async function asegurarRol(tx: Queryable, rol: string): Promise<void> {
  await tx.query(
    `INSERT INTO rol (nombre, descripcion) VALUES ($1, 'Rol del proveedor de identidad') ON CONFLICT (nombre) DO NOTHING`,
    [rol],
  );
}

export async function replacePermisosDeRol(tx: Queryable, rol: string, permisos: readonly string[]): Promise<void> {
  await tx.query('DELETE FROM rol_permiso WHERE rol = $1 AND NOT (permiso = ANY($2::text[]))', [rol, permisos]);
  await tx.query('INSERT INTO rol_permiso (rol, permiso) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING', [
    rol,
    permisos,
  ]);
}
