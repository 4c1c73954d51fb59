import { beforeEach, describe, expect, it } from 'vitest';
import { useMenuStore } from './menu.store';

describe('menu store', () => {
  beforeEach(() => useMenuStore.getState().clear());

  it('sets the active item and clears it with Inicio', () => {
    useMenuStore.getState().setActiveMenu('/expedientes');
    expect(useMenuStore.getState().activeMenu).toBe('/expedientes');
    useMenuStore.getState().resetActiveMenu();
    expect(useMenuStore.getState().activeMenu).toBe('');
  });

  it('keeps the menu when the active item is reset', () => {
    const menu = [{ id: 1, nom_mostrar: 'Expedientes', nom_modulo: 'expedientes', icon: null, children: [] }];
    useMenuStore.getState().setMenu(menu);
    useMenuStore.getState().setActiveMenu('/expedientes');
    useMenuStore.getState().resetActiveMenu();
    expect(useMenuStore.getState().menu).toEqual(menu);
  });
});
