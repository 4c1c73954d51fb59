import type { Usuario } from '@ecodigital/contracts/session';
import type { Queryable } from '../../db/database';
import { ExpiringCache, perDatabase } from '../expiring-cache';
import { findPermisosByRoles, upsertUsuario, type UsuarioClaims } from './caller.repository';

/**
 * Every authenticated request needs the caller's usuario row and permisos; asking PostgreSQL each
 * time (an upsert that commits, then a read) made `GET /api/session/get` five times slower than
 * token verification alone. What is read here changes only with the token's claims (part of the
 * key) or with a change of a role's permisos, so it is remembered for a short while, per API
 * instance (nothing another instance needs).
 */
export const SESSION_CACHE_TTL_MS = 30_000;

const caches = perDatabase<Queryable, { usuarios: ExpiringCache<Usuario>; permisos: ExpiringCache<string[]> }>(() => ({
  usuarios: new ExpiringCache(SESSION_CACHE_TTL_MS),
  permisos: new ExpiringCache(SESSION_CACHE_TTL_MS),
}));

/**
 * The usuario of these claims, registered or refreshed at most once per `SESSION_CACHE_TTL_MS`
 * while the claims stay the same (`ultimo_acceso` is as precise as that); changed claims write at once.
 */
export function usuarioDe(db: Queryable, claims: UsuarioClaims): Promise<Usuario> {
  const key = JSON.stringify([
    claims.sub,
    claims.username,
    claims.nombres,
    claims.apellidos,
    claims.email,
    claims.roles,
  ]);
  return caches(db).usuarios.get(key, () => upsertUsuario(db, claims));
}

/** The permisos granted to a set of realm roles. */
export function permisosDeRoles(db: Queryable, roles: readonly string[]): Promise<string[]> {
  return caches(db).permisos.get(JSON.stringify([...roles].sort()), () => findPermisosByRoles(db, roles));
}
