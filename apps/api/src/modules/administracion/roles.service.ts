import {
  esRolDeTodoElDominio,
  ROL_PATTERN,
  type AsignarPermisos,
  type DeclararRol,
  type RolesPermisos,
} from '@ecodigital/contracts/administracion';
import { LIMITES_ADMINISTRACION } from '@ecodigital/contracts/administracion';
import type { Database } from '../../db/database';
import { registrarAuditoria } from '../../shared/auditoria';
import type { Caller } from '../../shared/caller/caller';
import { olvidarPermisos } from '../../shared/caller/caller-cache';
import {
  conflicto,
  MENSAJES_ADMINISTRACION,
  noValido,
  rolDeTodoElDominio,
  rolNoDeclarado,
} from './administracion.mensajes';
import {
  existeRol,
  findPermisos,
  findPermisosDeRol,
  findRoles,
  findRolesSinDeclarar,
  insertRol,
  loTienenTodos,
  PERMISOS_FIJOS,
  replacePermisosDeRol,
} from './roles.repository';

export async function listarRoles(db: Database): Promise<RolesPermisos> {
  const [roles, permisos, sinDeclarar] = await Promise.all([findRoles(db), findPermisos(db), findRolesSinDeclarar(db)]);
  const conocidos =
    (await db.query<{ total: number }>('SELECT count(*)::integer AS total FROM usuario'))[0]?.total ?? 0;
  return {
    roles: roles.map((rol) => ({ ...rol, permisos_fijos: [...(PERMISOS_FIJOS[rol.rol] ?? [])] })),
    permisos,
    sin_declarar: sinDeclarar.map((rol) => ({
      ...rol,
      todo_el_dominio: esRolDeTodoElDominio(rol.rol) || (conocidos >= 2 && rol.personas === conocidos),
    })),
  };
}

/**
 * Adds a role to the declared ones, so that it may be given permisos. A role every person of the
 * realm carries (by its Keycloak name, or because everyone known carries it) needs
 * `confirmar_todo_el_dominio`: 409 otherwise. Audited.
 */
export async function declararRol(
  db: Database,
  caller: Caller,
  body: DeclararRol,
): Promise<{ roles: RolesPermisos; nombre: string }> {
  const nombre = body.nombre.trim();
  const descripcion = body.descripcion.trim();
  if (!rolValido.test(nombre)) throw noValido(MENSAJES_ADMINISTRACION.rolNoValido);
  if ([...descripcion].length < LIMITES_ADMINISTRACION.descripcionRolMin) {
    throw noValido(MENSAJES_ADMINISTRACION.descripcionRolCorta(LIMITES_ADMINISTRACION.descripcionRolMin));
  }
  await db.transaction(async (tx) => {
    const todoElDominio = esRolDeTodoElDominio(nombre) || (await loTienenTodos(tx, nombre));
    if (todoElDominio && body.confirmar_todo_el_dominio !== true) throw rolDeTodoElDominio(nombre);
    if (!(await insertRol(tx, { nombre, descripcion, todo_el_dominio: todoElDominio }))) {
      throw conflicto(MENSAJES_ADMINISTRACION.rolYaDeclarado(nombre));
    }
    await registrarAuditoria(tx, {
      id_usuario: caller.id_usuario,
      accion: 'rol.declarar',
      entidad: 'rol',
      id_entidad: nombre,
      descripcion: `Declaró el rol «${nombre}»${todoElDominio ? ' (lo tienen todas las personas del dominio)' : ''}.`,
      despues: { descripcion, todo_el_dominio: todoElDominio },
    });
  });
  return { roles: await listarRoles(db), nombre };
}

const rolValido = new RegExp(ROL_PATTERN);

/** Permisos as people know them, by their label: «Descargar documentos», «Ver expedientes». */
const nombrarPermisos = (codigos: readonly string[], etiquetas: ReadonlyMap<string, string>) =>
  codigos.map((codigo) => `«${etiquetas.get(codigo) ?? codigo}»`).join(', ');

/**
 * Makes `permisos` exactly what `rol` (a declared one: 404 otherwise) may do. Every instance applies it within the permisos cache's
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
    const etiquetas = new Map((await findPermisos(tx)).map((permiso) => [permiso.codigo, permiso.descripcion]));
    const conocidos = new Set(etiquetas.keys());
    const desconocidos = body.permisos.filter((permiso) => !conocidos.has(permiso));
    if (desconocidos.length) throw noValido(MENSAJES_ADMINISTRACION.permisosNoExisten(desconocidos.join(', ')));
    if (!(await existeRol(tx, rol))) throw rolNoDeclarado(rol);
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
        anadidos.length ? `añadió ${nombrarPermisos(anadidos, etiquetas)}` : '',
        quitados.length ? `quitó ${nombrarPermisos(quitados, etiquetas)}` : '',
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
