import { useMatches } from 'react-router';
import { routeModulo } from '../lib/route-handle';
import { activeMenuForRoute } from '../session/menu-search';
import { useMenu } from '../session/session-query';

/**
 * The highlighted menu item, derived from the route: the item whose `nom_modulo` equals the route
 * name, found in the menu children included (so a nested item is highlighted on first load); Inicio
 * has no module and highlights nothing.
 */
export function useActiveMenu(): string {
  return activeMenuForRoute(useMenu(), routeModulo(useMatches()));
}
