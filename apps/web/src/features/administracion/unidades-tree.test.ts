import { describe, expect, it } from 'vitest';
import type { Unidad } from '@ecodigital/contracts/administracion';
import {
  aplanar,
  construirArbol,
  descendientes,
  destinosDeMovimiento,
  filtrarArbol,
  padresPosibles,
  SIN_PADRE,
} from './unidades-tree';

const u = (id: number, nombre: string, id_padre: number | null, activa = true): Unidad => ({
  id,
  codigo: `LA00190${String(id).padStart(2, '0')}`,
  codigo_dir3: null,
  nombre,
  id_padre,
  activa,
  personas: 0,
  expedientes: 0,
});

// Flat and out of order, as the API may send it.
const UNIDADES = [
  u(9, 'Tesorería', 8),
  u(5, 'Urbanismo', 1),
  u(1, 'Ayuntamiento', null),
  u(6, 'Sección de Licencias', 5),
  u(8, 'Hacienda', 1),
  u(7, 'Sección de Planeamiento', 5),
  u(10, 'Recaudación', 8, false),
  u(11, 'Inspección', 6),
];

describe('construirArbol', () => {
  it('nests by id_padre, each level by name, and names each unidad by its ruta as the catalogue does', () => {
    const plano = aplanar(construirArbol(UNIDADES)).map((nodo) => nodo.ruta);
    expect(plano).toEqual([
      'Ayuntamiento',
      'Hacienda',
      'Hacienda › Recaudación',
      'Hacienda › Tesorería',
      'Urbanismo',
      'Urbanismo › Sección de Licencias',
      'Urbanismo › Sección de Licencias › Inspección',
      'Urbanismo › Sección de Planeamiento',
    ]);
    const [raiz] = construirArbol(UNIDADES);
    expect(raiz!.children?.map((nodo) => nodo.nombre)).toEqual(['Hacienda', 'Urbanismo']);
    // Leaves carry no `children`: the tree table draws no toggle for them.
    expect(aplanar(construirArbol(UNIDADES)).find((nodo) => nodo.id === 9)).not.toHaveProperty('children');
  });

  it('shows a unidad whose parent is missing as a root instead of losing its branch', () => {
    expect(construirArbol([u(6, 'Sección de Licencias', 5), u(11, 'Inspección', 6)]).map((n) => n.ruta)).toEqual([
      'Sección de Licencias',
    ]);
  });
});

describe('descendientes', () => {
  it('finds every level below, not the unidad itself nor its siblings', () => {
    expect([...descendientes(UNIDADES, 5)].sort((a, b) => a - b)).toEqual([6, 7, 11]);
    expect(descendientes(UNIDADES, 9).size).toBe(0);
  });
});

describe('destinosDeMovimiento', () => {
  it('never offers the unidad itself or one below it, nor a deactivated one; its current parent is marked', () => {
    const opciones = destinosDeMovimiento(
      UNIDADES,
      UNIDADES.find((unidad) => unidad.id === 5)!,
    );
    const ids = opciones.map((opcion) => opcion.value);
    for (const prohibida of [5, 6, 7, 11, 10]) expect(ids).not.toContain(prohibida);
    expect(ids).toEqual([SIN_PADRE, 1, 8, 9]);
    expect(opciones.find((opcion) => opcion.value === 1)).toEqual({
      value: 1,
      label: 'Ayuntamiento (actual)',
      disabled: true,
    });
    expect(opciones[0]).toMatchObject({ disabled: false });
  });

  it('marks «no parent» as the current place of a root', () => {
    const [sinPadre] = destinosDeMovimiento(
      UNIDADES,
      UNIDADES.find((unidad) => unidad.id === 1)!,
    );
    expect(sinPadre).toEqual({ value: SIN_PADRE, label: 'Ninguna: unidad principal (actual)', disabled: true });
  });
});

describe('padresPosibles', () => {
  it('offers a root or any active unidad', () => {
    expect(padresPosibles(UNIDADES).map((opcion) => opcion.value)).toEqual([SIN_PADRE, 1, 8, 9, 5, 6, 11, 7]);
  });
});

describe('filtrarArbol', () => {
  it('keeps the matches, everything below them and the way up to them; accents and case aside', () => {
    const arbol = construirArbol(UNIDADES);
    expect(aplanar(filtrarArbol(arbol, 'tesoreria')).map((nodo) => nodo.nombre)).toEqual([
      'Ayuntamiento',
      'Hacienda',
      'Tesorería',
    ]);
    expect(aplanar(filtrarArbol(arbol, 'LICENCIAS')).map((nodo) => nodo.nombre)).toEqual([
      'Ayuntamiento',
      'Urbanismo',
      'Sección de Licencias',
      'Inspección',
    ]);
    expect(filtrarArbol(arbol, 'no existe')).toEqual([]);
    expect(filtrarArbol(arbol, '  ')).toEqual(arbol);
  });
});
