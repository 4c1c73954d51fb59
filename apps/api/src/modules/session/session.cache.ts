import type { Usuario } from '@ecodigital/contracts/session';
import type { Queryable } from '../../db/database';
import {
  findModulosPermitidos,
  findPermisosByRoles,
  upsertUsuario,
  type ModuloRow,
  type UsuarioClaims,
} from './session.repository';

/**
 * Every authenticated request needs the caller's usuario row and permisos; asking PostgreSQL each
 * time (an upsert that commits, then two reads) made `GET /api/session/get` five times slower than
 * token verification alone. What is read here changes only with the token's claims (part of the
 * key) or with a migration, so it is remembered for a short while. Per database object, so two
 * apps in one process never share; each API instance fills its own (nothing another instance needs).
 */
export const SESSION_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

class ExpiringCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; expires: number }>();

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry && entry.expires > now) return entry.value;
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    const value = load();
    this.entries.set(key, { value, expires: now + SESSION_CACHE_TTL_MS });
    // A failure is not remembered: the next request tries again.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }
}

interface SessionCaches {
  usuarios: ExpiringCache<Usuario>;
  permisos: ExpiringCache<string[]>;
  modulos: ExpiringCache<ModuloRow[]>;
}

const cachesByDatabase = new WeakMap<Queryable, SessionCaches>();

function cachesOf(db: Queryable): SessionCaches {
  let caches = cachesByDatabase.get(db);
  if (!caches) {
    caches = { usuarios: new ExpiringCache(), permisos: new ExpiringCache(), modulos: new ExpiringCache() };
    cachesByDatabase.set(db, caches);
  }
  return caches;
}

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
  return cachesOf(db).usuarios.get(key, () => upsertUsuario(db, claims));
}

/** The permisos granted to a set of realm roles. */
export function permisosDeRoles(db: Queryable, roles: readonly string[]): Promise<string[]> {
  return cachesOf(db).permisos.get(JSON.stringify([...roles].sort()), () => findPermisosByRoles(db, roles));
}

/** The menu modules a set of permisos opens. */
export function modulosPermitidos(db: Queryable, permisos: readonly string[]): Promise<ModuloRow[]> {
  return cachesOf(db).modulos.get(JSON.stringify([...permisos].sort()), () => findModulosPermitidos(db, permisos));
}
