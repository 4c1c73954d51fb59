import type { Usuario } from '@ecodigital/contracts/session';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/database';
import { ExpiringCache, perDatabase } from '../expiring-cache';
import { findPermisosByRoles, upsertUsuario, type UsuarioClaims } from './caller.repository';
import { sincronizarUnidades, unidadesCoinciden } from './grupos';

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
const PERMISOS_CACHE_TTL_MS = 5_000;

const caches = perDatabase<Queryable, { usuarios: ExpiringCache<Usuario>; permisos: ExpiringCache<string[]> }>(() => ({
  usuarios: new ExpiringCache(SESSION_CACHE_TTL_MS),
  permisos: new ExpiringCache(PERMISOS_CACHE_TTL_MS),
}));

/**
 * The usuario of these claims, registered or refreshed at most once per `SESSION_CACHE_TTL_MS`
 * while the claims stay the same (`ultimo_acceso` is as precise as that); changed claims write at
 * once. In groups claim mode the person's unidades follow the groups of the token presented, on
 * every request: another token of the same person (an older one still valid, another instance's
 * request) may have changed the stored membership meanwhile, so remembering that these claims were
 * seen proves nothing about it.
 */
export async function usuarioDe(db: Database, claims: UsuarioClaims, log?: FastifyBaseLogger): Promise<Usuario> {
  const key = JSON.stringify([
    claims.sub,
    claims.username,
    claims.nombres,
    claims.apellidos,
    claims.email,
    claims.roles,
  ]);
  const usuario = await caches(db).usuarios.get(key, () => upsertUsuario(db, claims));
  if (claims.grupos !== null) await seguirGrupos(db, usuario.id_usuario, claims.grupos, claims.sub, log);
  return usuario;
}

/**
 * One read when the stored membership already matches the token's groups (the usual case); a
 * transaction that makes it match otherwise, holding the person's row so that two requests with
 * different tokens apply one after the other, each against what the other left.
 */
async function seguirGrupos(
  db: Database,
  idUsuario: number,
  grupos: readonly string[],
  sub: string,
  log?: FastifyBaseLogger,
): Promise<void> {
  if (await unidadesCoinciden(db, idUsuario, grupos)) return;
  const { desconocidos } = await db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM usuario WHERE id_usuario = $1 FOR UPDATE', [idUsuario]);
    return sincronizarUnidades(tx, idUsuario, grupos);
  });
  if (desconocidos.length) {
    log?.warn({ sub, grupos: desconocidos }, 'grupos del token sin unidad con ese código: se ignoran');
  }
}

/** The permisos granted to a set of realm roles. */
export function permisosDeRoles(db: Queryable, roles: readonly string[]): Promise<string[]> {
  return caches(db).permisos.get(JSON.stringify([...roles].sort()), () => findPermisosByRoles(db, roles));
}

/** After a change of a role's permisos: this instance forgets what it remembered. */
export function olvidarPermisos(db: Queryable): void {
  caches(db).permisos.clear();
}
