import type { FastifyRequest } from 'fastify';
import { usuarioDe } from './caller-cache';
import type { Principal } from '../auth/access-token';
import { permisosOf } from './permisos';
import { leerAlcance, SIN_ALCANCE, type Alcance } from './alcance';

/** The signed-in person as the domain sees them: their `usuario` row, their permisos and their sight. */
export interface Caller {
  id_usuario: number;
  principal: Principal;
  permisos: readonly string[];
  alcance: Alcance;
}

const callersByRequest = new WeakMap<FastifyRequest, Promise<Caller>>();

/**
 * The caller of an authenticated request, registered (or refreshed) in `usuario` from the token
 * claims (see `usuarioDe`): writes need their `id_usuario`, and the assignable responsables are the
 * people known from their sign-ins. Their `alcance` is read for this request.
 */
export function callerOf(request: FastifyRequest): Promise<Caller> {
  let caller = callersByRequest.get(request);
  if (!caller) {
    caller = Promise.all([usuarioDe(request.server.db, request.principal, request.log), permisosOf(request)]).then(
      async ([usuario, permisos]) => ({
        id_usuario: usuario.id_usuario,
        principal: request.principal,
        permisos,
        alcance: await alcanceDe(request, usuario.id_usuario, permisos),
      }),
    );
    callersByRequest.set(request, caller);
  }
  return caller;
}

/** The caller of this request if some part of it already read them (nothing is read here). */
export function callerLeido(request: FastifyRequest): Promise<Caller> | undefined {
  return callersByRequest.get(request);
}

async function alcanceDe(request: FastifyRequest, idUsuario: number, permisos: readonly string[]): Promise<Alcance> {
  if (!permisos.includes('expedientes.ver')) return SIN_ALCANCE;
  if (permisos.includes('expedientes.ver_todos')) return { ...SIN_ALCANCE, ver: true, todos: true };
  return { ver: true, todos: false, ...(await leerAlcance(request.server.db, idUsuario)) };
}
