import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@ecodigital/contracts/session';
import { canAccessModule, hasPermiso } from './permissions';

const gestorMenu: MenuItem[] = [
  {
    id: 1,
    nom_mostrar: 'Expedientes',
    nom_modulo: 'expedientes',
    icon: 'FolderOutlined',
    children: [{ id: 2, nom_mostrar: 'Subir documentos', nom_modulo: 'subir-documentos', icon: null, children: [] }],
  },
];
const consultaMenu: MenuItem[] = [{ ...gestorMenu[0]!, children: [] }];

describe('canAccessModule', () => {
  it('allows a module present in the menu, nested included', () => {
    expect(canAccessModule(gestorMenu, 'expedientes')).toBe(true);
    expect(canAccessModule(gestorMenu, 'subir-documentos')).toBe(true);
  });
  it('refuses a module missing from the menu', () => {
    expect(canAccessModule(consultaMenu, 'subir-documentos')).toBe(false);
    expect(canAccessModule([], 'expedientes')).toBe(false);
  });
  it('allows routes that belong to no module', () => {
    expect(canAccessModule([], undefined)).toBe(true);
  });
});

describe('hasPermiso', () => {
  it('checks the permisos list', () => {
    expect(hasPermiso(['expedientes.ver'], 'expedientes.ver')).toBe(true);
    expect(hasPermiso(['expedientes.ver'], 'documentos.subir')).toBe(false);
  });

  it("takes only the contract's permission codes", () => {
    // The typecheck fails here if `hasPermiso` accepts any string again.
    // @ts-expect-error «expedientes.borrar» is not a Permiso.
    expect(hasPermiso(['expedientes.borrar'], 'expedientes.borrar')).toBe(true);
  });
});
