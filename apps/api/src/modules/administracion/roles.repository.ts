import { CAPACIDAD } from '@ecodigital/contracts/comunes';
import type { PermisoDescrito, RolAdmin } from '@ecodigital/contracts/administracion';
import type { Queryable } from '../../db/database';

/** The administrador role keeps these whatever is sent (migration 009 enforces it too). */
export const PERMISOS_FIJOS: Record<string, readonly string[]> = { administrador: ['administracion.roles'] };

/**
 * The declared roles (the administration's list), with their permisos and how many people's last
 * token carried each.
 */
export async function findRoles(db: Queryable): Promise<Omit<RolAdmin, 'permisos_fijos'>[]> {
  return db.query(
    `SELECT r.nombre AS rol, r.descripcion, r.todo_el_dominio,
            ARRAY(SELECT permiso FROM rol_permiso rp WHERE rp.rol = r.nombre ORDER BY permiso) AS permisos,
            (SELECT count(*) FROM usuario u WHERE r.nombre = ANY(u.roles))::integer AS personas
     FROM rol r
     ORDER BY r.nombre
     LIMIT $1`,
    [CAPACIDAD.roles],
  );
}

/** Roles some person's last token carried that are not declared (they grant nothing), with how many carry each. */
export async function findRolesSinDeclarar(db: Queryable): Promise<{ rol: string; personas: number }[]> {
  return db.query(
    `SELECT vistos.rol, count(*)::integer AS personas
     FROM (SELECT DISTINCT u.id_usuario, unnest(u.roles) AS rol FROM usuario u) vistos
     WHERE NOT EXISTS (SELECT 1 FROM rol r WHERE r.nombre = vistos.rol)
     GROUP BY vistos.rol
     ORDER BY vistos.rol
     LIMIT $1`,
    [CAPACIDAD.roles],
  );
}

/** Whether every person known (two at least) carries the role: then its permisos would be everybody's. */
export async function loTienenTodos(db: Queryable, rol: string): Promise<boolean> {
  const [fila] = await db.query<{ todos: boolean }>(
    `SELECT count(*) >= 2 AND bool_and($1 = ANY(roles)) AS todos FROM usuario`,
    [rol],
  );
  return fila?.todos ?? false;
}

export async function existeRol(db: Queryable, rol: string): Promise<boolean> {
  const filas = await db.query('SELECT 1 FROM rol WHERE nombre = $1 FOR UPDATE', [rol]);
  return filas.length > 0;
}

/** Declares a role; false when it already was. */
export async function insertRol(
  tx: Queryable,
  rol: { nombre: string; descripcion: string; todo_el_dominio: boolean },
): Promise<boolean> {
  const filas = await tx.query(
    `INSERT INTO rol (nombre, descripcion, todo_el_dominio) VALUES ($1, $2, $3)
     ON CONFLICT (nombre) DO NOTHING RETURNING nombre`,
    [rol.nombre, rol.descripcion, rol.todo_el_dominio],
  );
  return filas.length === 1;
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

export async function replacePermisosDeRol(tx: Queryable, rol: string, permisos: readonly string[]): Promise<void> {
  await tx.query('DELETE FROM rol_permiso WHERE rol = $1 AND NOT (permiso = ANY($2::text[]))', [rol, permisos]);
  await tx.query('INSERT INTO rol_permiso (rol, permiso) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING', [
    rol,
    permisos,
  ]);
}
