import { CAPACIDAD } from '@ecodigital/contracts/comunes';
import type { Usuario } from '@ecodigital/contracts/session';
import type { Queryable } from '../../db/database';

export interface UsuarioClaims {
  sub: string;
  username: string;
  nombres: string;
  apellidos: string;
  email: string | null;
  roles: string[];
  /** Groups claim mode only: the token's groups (null when membership is kept in the app). */
  grupos: string[] | null;
}

export async function upsertUsuario(db: Queryable, claims: UsuarioClaims): Promise<Usuario> {
  const [usuario] = await db.query<Usuario>(
    `INSERT INTO usuario (sub, username, nombres, apellidos, email, roles, ultimo_acceso)
     VALUES ($1, $2, $3, $4, $5, $6::text[], now())
     ON CONFLICT (sub) DO UPDATE SET
       username = EXCLUDED.username,
       nombres = EXCLUDED.nombres,
       apellidos = EXCLUDED.apellidos,
       email = EXCLUDED.email,
       roles = EXCLUDED.roles,
       ultimo_acceso = EXCLUDED.ultimo_acceso
     RETURNING id_usuario, sub, username, nombres, apellidos, email, roles`,
    // Kept to show and list them; what a person may do is read from the token's roles, all of them.
    [
      claims.sub,
      claims.username,
      claims.nombres,
      claims.apellidos,
      claims.email,
      claims.roles.slice(0, CAPACIDAD.rolesPorPersona),
    ],
  );
  if (!usuario) throw new Error('El upsert de usuario no devolvió ninguna fila');
  return usuario;
}

export async function findPermisosByRoles(db: Queryable, roles: readonly string[]): Promise<string[]> {
  if (roles.length === 0) return [];
  const rows = await db.query<{ permiso: string }>(
    `SELECT DISTINCT permiso FROM rol_permiso WHERE rol = ANY($1::text[]) ORDER BY permiso`,
    [roles],
  );
  return rows.map((row) => row.permiso);
}
