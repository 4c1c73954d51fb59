import type { Usuario } from '@ecodigital/contracts/session';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/database';
import { ExpiringCache, perDatabase } from '../expiring-cache';
import { findPermisosByRoles, upsertUsuario, type UsuarioClaims } from './caller.repository';
import { sincronizarUnidades } from './grupos';

/**
 * Every authenticated request needs the caller's usuario row and permisos; asking PostgreSQL each
 * time (an upsert that commits, then a read) made `GET /api/session/get` five times slower than
 * token verification alone. What is read here changes only with the token's claims (part of the
 * key) or with a change of a role's permisos, so it is remembered for a short while, per API
 * instance (nothing another instance needs).
 */
export const SESSION_CACHE_TTL_MS = 30_000;

/**
 * A role's permisos are edited in the administration area: another instance applies the change
 * within this long (the one that made it, at once). Short, because a permiso taken away must not
 * stay usable; a lookup every few seconds per role set costs nothing measurable.
 */
export const PERMISOS_CACHE_TTL_MS = 5_000;

const caches = perDatabase<Queryable, { usuarios: ExpiringCache<Usuario>; permisos: ExpiringCache<string[]> }>(() => ({
  usuarios: new ExpiringCache(SESSION_CACHE_TTL_MS),
  permisos: new ExpiringCache(PERMISOS_CACHE_TTL_MS),
}));

/**
 * The usuario of these claims, registered or refreshed at most once per `SESSION_CACHE_TTL_MS`
 * while the claims stay the same (`ultimo_acceso` is as precise as that); changed claims write at
 * once. In groups claim mode the groups are part of the claims, and the person's unidades follow them.
 */
export function usuarioDe(db: Database, claims: UsuarioClaims, log?: FastifyBaseLogger): Promise<Usuario> {
  const key = JSON.stringify([
    claims.sub,
    claims.username,
    claims.nombres,
    claims.apellidos,
    claims.email,
    claims.roles,
    claims.grupos,
  ]);
  return caches(db).usuarios.get(key, async () => {
    const { grupos } = claims;
    if (grupos === null) return upsertUsuario(db, claims);
    return db.transaction(async (tx) => {
      const usuario = await upsertUsuario(tx, claims);
      const { desconocidos } = await sincronizarUnidades(tx, usuario.id_usuario, grupos);
      if (desconocidos.length) {
        log?.warn({ sub: claims.sub, grupos: desconocidos }, 'grupos del token sin unidad con ese código: se ignoran');
      }
      return usuario;
    });
  });
}

/** The permisos granted to a set of realm roles. */
export function permisosDeRoles(db: Queryable, roles: readonly string[]): Promise<string[]> {
  return caches(db).permisos.get(JSON.stringify([...roles].sort()), () => findPermisosByRoles(db, roles));
}

/** After a change of a role's permisos: this instance forgets what it remembered. */
export function olvidarPermisos(db: Queryable): void {
  caches(db).permisos.clear();
}
