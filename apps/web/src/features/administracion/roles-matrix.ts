import type { RolAdmin } from '@ecodigital/contracts/administracion';

/** The permisos the person has ticked per role, for the roles they touched; the others are as saved. */
export type Borrador = ReadonlyMap<string, ReadonlySet<string>>;

export function marcados(rol: RolAdmin, borrador: Borrador): ReadonlySet<string> {
  return borrador.get(rol.rol) ?? new Set(rol.permisos);
}

/** Ticks or unticks one cell; a fixed permiso never changes. */
export function alternar(borrador: Borrador, rol: RolAdmin, permiso: string, marcado: boolean): Borrador {
  if (rol.permisos_fijos.includes(permiso)) return borrador;
  const permisos = new Set(marcados(rol, borrador));
  if (marcado) permisos.add(permiso);
  else permisos.delete(permiso);
  return new Map(borrador).set(rol.rol, permisos);
}

const mismos = (a: ReadonlySet<string>, b: readonly string[]) => a.size === b.length && b.every((p) => a.has(p));

/** What to save: each role whose ticks differ from what is saved, with exactly its ticked permisos. */
export function cambios(roles: readonly RolAdmin[], borrador: Borrador): { rol: string; permisos: string[] }[] {
  return roles.flatMap((rol) => {
    const permisos = borrador.get(rol.rol);
    if (!permisos || mismos(permisos, rol.permisos)) return [];
    return [{ rol: rol.rol, permisos: [...new Set([...permisos, ...rol.permisos_fijos])].sort() }];
  });
}
