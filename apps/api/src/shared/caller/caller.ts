import type { FastifyRequest } from 'fastify';
import { usuarioDe } from './caller-cache';
import type { Principal } from '../auth/access-token';
import { permisosOf } from './permisos';

/** The signed-in person as the domain sees them: their `usuario` row and their permisos. */
export interface Caller {
  id_usuario: number;
  principal: Principal;
  permisos: readonly string[];
}

const callersByRequest = new WeakMap<FastifyRequest, Promise<Caller>>();

/**
 * The caller of an authenticated request, registered (or refreshed) in `usuario` from the token
 * claims (see `usuarioDe`): writes need their `id_usuario`, and the assignable responsables are the
 * people known from their sign-ins.
 */
export function callerOf(request: FastifyRequest): Promise<Caller> {
  let caller = callersByRequest.get(request);
  if (!caller) {
    caller = Promise.all([usuarioDe(request.server.db, request.principal), permisosOf(request)]).then(
      ([usuario, permisos]) => ({ id_usuario: usuario.id_usuario, principal: request.principal, permisos }),
    );
    callersByRequest.set(request, caller);
  }
  return caller;
}
