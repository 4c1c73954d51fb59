import type { SessionData } from '@ecodigital/contracts/session';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { Principal } from '../../shared/auth/access-token';
import { buildMenuTree } from './menu-tree';
import { permisosDeRoles, usuarioDe } from '../../shared/caller/caller-cache';
import { modulosPermitidos } from './session.cache';

export async function getSession(db: Database, principal: Principal, log?: FastifyBaseLogger): Promise<SessionData> {
  const [usuario, permisos] = await Promise.all([usuarioDe(db, principal, log), permisosDeRoles(db, principal.roles)]);
  const menu = buildMenuTree(await modulosPermitidos(db, permisos));
  return { menu, usuario, permisos };
}
