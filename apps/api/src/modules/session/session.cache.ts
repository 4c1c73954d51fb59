import type { Queryable } from '../../db/database';
import { ExpiringCache, perDatabase } from '../../shared/expiring-cache';
import { SESSION_CACHE_TTL_MS } from '../../shared/caller/caller-cache';
import { findModulosPermitidos, type ModuloRow } from './session.repository';

const modulos = perDatabase<Queryable, ExpiringCache<ModuloRow[]>>(() => new ExpiringCache(SESSION_CACHE_TTL_MS));

/** The menu modules a set of permisos opens, remembered as the caller's permisos are. */
export function modulosPermitidos(db: Queryable, permisos: readonly string[]): Promise<ModuloRow[]> {
  return modulos(db).get(JSON.stringify([...permisos].sort()), () => findModulosPermitidos(db, permisos));
}
