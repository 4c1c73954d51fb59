import type { MenuItem } from '@ecodigital/contracts/session';

/** Depth-first search of the menu, children included, for the item of a module. */
export function findMenuItemByModulo(menu: readonly MenuItem[], nomModulo: string): MenuItem | undefined {
  for (const item of menu) {
    if (item.nom_modulo === nomModulo) return item;
    const nested = findMenuItemByModulo(item.children ?? [], nomModulo);
    if (nested) return nested;
  }
  return undefined;
}

export function menuPath(item: Pick<MenuItem, 'nom_modulo'>): string {
  return `/${item.nom_modulo}`;
}

/**
 * The active menu path for a route: the path of the menu item whose `nom_modulo` equals the
 * route name, or '' when the route has no module (home, not found) or the menu lacks it.
 */
export function activeMenuForRoute(menu: readonly MenuItem[], routeModulo: string | undefined): string {
  if (!routeModulo) return '';
  const item = findMenuItemByModulo(menu, routeModulo);
  return item ? menuPath(item) : '';
}
