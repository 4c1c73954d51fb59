import type { Permiso } from '@ecodigital/contracts/session';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../errors';
import { permisosDeRoles } from './caller-cache';

const permisosByRequest = new WeakMap<FastifyRequest, Promise<string[]>>();

/** The caller's permissions, from their realm roles (see `permisosDeRoles`), looked up once per request. */
export function permisosOf(request: FastifyRequest): Promise<string[]> {
  let permisos = permisosByRequest.get(request);
  if (!permisos) {
    permisos = permisosDeRoles(request.server.db, request.principal.roles);
    permisosByRequest.set(request, permisos);
  }
  return permisos;
}

/** preHandler for an authenticated route: 403 unless the caller's roles grant `permiso`. */
export function requirePermiso(permiso: Permiso) {
  return async function checkPermiso(request: FastifyRequest): Promise<void> {
    const permisos = await permisosOf(request);
    if (!permisos.includes(permiso)) {
      request.log.info({ permiso, sub: request.principal.sub }, 'permiso denegado');
      throw forbidden();
    }
  };
}
