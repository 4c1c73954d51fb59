import type { Alcance } from '../shared/caller/alcance';
import type { Caller } from '../shared/caller/caller';

/**
 * A caller built by hand, for tests that call repositories directly (no request): `alcance` as
 * `callerOf` would have read it. Defaults: `expedientes.ver`, no unidades, no grants.
 */
export function callerDePrueba(
  opciones: { id_usuario?: number; permisos?: string[]; alcance?: Partial<Alcance> } = {},
): Caller {
  const permisos = opciones.permisos ?? ['expedientes.ver'];
  return {
    id_usuario: opciones.id_usuario ?? 1,
    principal: undefined as never,
    permisos,
    alcance: {
      ver: permisos.includes('expedientes.ver'),
      todos: permisos.includes('expedientes.ver_todos'),
      unidades: [],
      gestion: [],
      lectura: [],
      ...opciones.alcance,
    },
  };
}

/** Someone who sees every expediente (the administrador role). */
export const callerQueVeTodo = (id_usuario = 1): Caller =>
  callerDePrueba({ id_usuario, permisos: ['expedientes.ver', 'expedientes.ver_todos'] });
