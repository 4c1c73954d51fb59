import type { SessionData } from '@ecodigital/contracts/session';
import type { Database } from '../../db/database';
import type { Principal } from '../../shared/auth/access-token';
import { buildMenuTree } from './menu-tree';
import { permisosDeRoles, usuarioDe } from '../../shared/caller/caller-cache';
import { modulosPermitidos } from './session.cache';

export async function getSession(db: Database, principal: Principal): Promise<SessionData> {
  const [usuario, permisos] = await Promise.all([usuarioDe(db, principal), permisosDeRoles(db, principal.roles)]);
  const menu = buildMenuTree(await modulosPermitidos(db, permisos));
  return { menu, usuario, permisos };
}
