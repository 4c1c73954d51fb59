import { ROL_PATTERN, type AsignarPermisos, type RolesPermisos } from '@ecodigital/contracts/administracion';
import type { Database } from '../../db/database';
import { registrarAuditoria } from '../../shared/auditoria';
import type { Caller } from '../../shared/caller/caller';
import { olvidarPermisos } from '../../shared/caller/caller-cache';
import { conflicto, MENSAJES_ADMINISTRACION, noValido } from './administracion.mensajes';
import {
  asegurarRol,
  findPermisos,
  findPermisosDeRol,
  findRoles,
  PERMISOS_FIJOS,
  replacePermisosDeRol,
} from './roles.repository';

export async function listarRoles(db: Database): Promise<RolesPermisos> {
  const [roles, permisos] = await Promise.all([findRoles(db), findPermisos(db)]);
  return {
    roles: roles.map((rol) => ({ ...rol, permisos_fijos: [...(PERMISOS_FIJOS[rol.rol] ?? [])] })),
    permisos,
  };
}

const rolValido = new RegExp(ROL_PATTERN);

/**
 * Makes `permisos` exactly what `rol` may do. Every instance applies it within the permisos cache's
 * few seconds; this one at once. The administrador role never loses the power to give permisos back.
 */
export async function asignarPermisos(
  db: Database,
  caller: Caller,
  rol: string,
  body: AsignarPermisos,
): Promise<{ roles: RolesPermisos; cambiado: boolean }> {
  if (!rolValido.test(rol)) throw noValido(MENSAJES_ADMINISTRACION.rolNoValido);
  const faltanFijos = (PERMISOS_FIJOS[rol] ?? []).filter((permiso) => !body.permisos.includes(permiso));
  if (faltanFijos.length) throw conflicto(MENSAJES_ADMINISTRACION.bloqueo);
  const cambiado = await db.transaction(async (tx) => {
    const conocidos = new Set((await findPermisos(tx)).map((permiso) => permiso.codigo));
    const desconocidos = body.permisos.filter((permiso) => !conocidos.has(permiso));
    if (desconocidos.length) throw noValido(MENSAJES_ADMINISTRACION.permisosNoExisten(desconocidos.join(', ')));
    await asegurarRol(tx, rol);
    const antes = await findPermisosDeRol(tx, rol);
    const despues = [...body.permisos].sort();
    if (JSON.stringify(antes) === JSON.stringify(despues)) return false;
    await replacePermisosDeRol(tx, rol, despues);
    const quitados = antes.filter((permiso) => !despues.includes(permiso));
    const anadidos = despues.filter((permiso) => !antes.includes(permiso));
    await registrarAuditoria(tx, {
      id_usuario: caller.id_usuario,
      accion: 'rol.permisos',
      entidad: 'rol',
      id_entidad: rol,
      descripcion: `Permisos del rol «${rol}»: ${[
        anadidos.length ? `añadió ${anadidos.join(', ')}` : '',
        quitados.length ? `quitó ${quitados.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; ')}.`,
      antes,
      despues,
    });
    return true;
  });
  if (cambiado) olvidarPermisos(db);
  return { roles: await listarRoles(db), cambiado };
}
