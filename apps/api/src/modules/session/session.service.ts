import type { SessionData } from '@ecodigital/contracts/session';
import type { Database } from '../../db/database';
import type { Principal } from '../../plugins/access-token';
import { buildMenuTree } from './menu-tree';
import { findModulosPermitidos, findPermisosByRoles, upsertUsuario } from './session.repository';

export async function getSession(db: Database, principal: Principal): Promise<SessionData> {
  const usuario = await upsertUsuario(db, principal);
  const permisos = await findPermisosByRoles(db, principal.roles);
  const menu = buildMenuTree(await findModulosPermitidos(db, permisos));
  return { menu, usuario, permisos };
}
