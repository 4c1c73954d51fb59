import type { MenuItem } from '@ecodigital/contracts/session';
import type { ModuloRow } from './session.repository';

/**
 * Nests the permitted modules under their parents, keeping the order of `modulos`.
 * A module whose parent is not permitted is left out rather than lifted to the top level:
 * the parent's permission guards the whole branch, as the menu shows it. Items in an `id_padre`
 * cycle never reach a root, so they are left out too.
 */
export function buildMenuTree(modulos: readonly ModuloRow[]): MenuItem[] {
  const items = new Map<number, MenuItem>();
  for (const modulo of modulos) {
    items.set(modulo.id, {
      id: modulo.id,
      nom_mostrar: modulo.nom_mostrar,
      nom_modulo: modulo.nom_modulo,
      icon: modulo.icon,
      children: [],
    });
  }

  const roots: MenuItem[] = [];
  for (const modulo of modulos) {
    const item = items.get(modulo.id)!;
    if (modulo.id_padre === null) {
      roots.push(item);
    } else {
      items.get(modulo.id_padre)?.children.push(item);
    }
  }
  return roots;
}
