import { describe, expect, it } from 'vitest';
import { buildMenuTree } from './menu-tree';
import type { ModuloRow } from './session.repository';

const modulo = (id: number, nom_modulo: string, id_padre: number | null, orden = 0): ModuloRow => ({
  id,
  nom_mostrar: nom_modulo.toUpperCase(),
  nom_modulo,
  icon: null,
  id_padre,
  orden,
});

describe('buildMenuTree', () => {
  it('nests children under their parents, keeping the given order', () => {
    const tree = buildMenuTree([
      modulo(2, 'b', null),
      modulo(1, 'a', null),
      modulo(4, 'b2', 2),
      modulo(3, 'b1', 2),
      modulo(5, 'b1x', 3),
    ]);
    expect(tree.map((item) => item.nom_modulo)).toEqual(['b', 'a']);
    expect(tree[0]!.children.map((item) => item.nom_modulo)).toEqual(['b2', 'b1']);
    expect(tree[0]!.children[1]!.children.map((item) => item.nom_modulo)).toEqual(['b1x']);
    expect(tree[1]!.children).toEqual([]);
  });

  it('leaves out a module whose parent is not permitted, and its descendants', () => {
    const tree = buildMenuTree([modulo(1, 'a', null), modulo(3, 'huerfano', 2), modulo(4, 'nieto', 3)]);
    expect(tree).toEqual([{ id: 1, nom_mostrar: 'A', nom_modulo: 'a', icon: null, children: [] }]);
  });

  it('leaves out modules caught in a parent cycle', () => {
    expect(buildMenuTree([modulo(1, 'a', 2), modulo(2, 'b', 1)])).toEqual([]);
  });
});
