import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { routeModulo } from '../lib/route-handle';
import { activeMenuForRoute } from '../session/menu-search';
import { useMenuStore } from '../session/menu.store';

/**
 * Keeps the highlighted menu item in step with the route: on first load (nothing active yet) and
 * on every later navigation, the item whose `nom_modulo` equals the route name is found in the
 * menu, children included; home clears it.
 */
export function useActiveMenuSync(): void {
  const modulo = routeModulo(useMatches());
  const menu = useMenuStore((state) => state.menu);
  const setActiveMenu = useMenuStore((state) => state.setActiveMenu);
  useEffect(() => {
    setActiveMenu(activeMenuForRoute(menu, modulo));
  }, [menu, modulo, setActiveMenu]);
}
