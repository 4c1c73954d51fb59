import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@ecodigital/contracts/session';
import { activeMenuForRoute, findMenuItemByModulo } from './menu-search';

const item = (id: number, nom_modulo: string, children: MenuItem[] = []): MenuItem => ({
  id,
  nom_mostrar: nom_modulo.toUpperCase(),
  nom_modulo,
  icon: null,
  children,
});

const menu: MenuItem[] = [
  item(1, 'expedientes', [item(2, 'subir-documentos', [item(3, 'plantillas')])]),
  item(4, 'reportes'),
];

describe('findMenuItemByModulo', () => {
  it('finds a top-level item', () => {
    expect(findMenuItemByModulo(menu, 'reportes')?.id).toBe(4);
  });
  it('finds nested children at any depth', () => {
    expect(findMenuItemByModulo(menu, 'subir-documentos')?.id).toBe(2);
    expect(findMenuItemByModulo(menu, 'plantillas')?.id).toBe(3);
  });
  it('returns undefined for a module not in the menu', () => {
    expect(findMenuItemByModulo(menu, 'usuarios')).toBeUndefined();
    expect(findMenuItemByModulo([], 'expedientes')).toBeUndefined();
  });
});

describe('activeMenuForRoute', () => {
  it('gives the path of the item matching the route name, nested included', () => {
    expect(activeMenuForRoute(menu, 'expedientes')).toBe('/expedientes');
    expect(activeMenuForRoute(menu, 'subir-documentos')).toBe('/subir-documentos');
  });
  it('is empty for routes without module and for modules missing from the menu', () => {
    expect(activeMenuForRoute(menu, undefined)).toBe('');
    expect(activeMenuForRoute(menu, 'usuarios')).toBe('');
  });
});
