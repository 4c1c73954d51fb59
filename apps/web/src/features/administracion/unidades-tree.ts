import { compararEspanol } from '../../lib/spanish-order';
import type { Unidad } from '@ecodigital/contracts/administracion';

/** A unidad placed in the tree: its children (none: a leaf, which antd's tree table draws without a toggle). */
export interface NodoUnidad extends Unidad {
  ruta: string;
  /** 0 for a root, 1 below it… (how far the tree indents it). */
  nivel: number;
  children?: NodoUnidad[];
}

const porNombre = (a: Unidad, b: Unidad) => compararEspanol(a.nombre, b.nombre);

function hijosPorPadre(unidades: readonly Unidad[]): Map<number | null, Unidad[]> {
  const ids = new Set(unidades.map((unidad) => unidad.id));
  const hijos = new Map<number | null, Unidad[]>();
  for (const unidad of unidades) {
    // A parent missing from the list (never expected) would hide the branch: it is shown as a root.
    const padre = unidad.id_padre !== null && ids.has(unidad.id_padre) ? unidad.id_padre : null;
    hijos.set(padre, [...(hijos.get(padre) ?? []), unidad]);
  }
  for (const lista of hijos.values()) lista.sort(porNombre);
  return hijos;
}

/**
 * The flat list as a tree, each level by name. `ruta` names a unidad as the catalogue does: a root
 * by its own name, any other by the names from below the root down to it («Hacienda › Tesorería»).
 */
export function construirArbol(unidades: readonly Unidad[]): NodoUnidad[] {
  const hijos = hijosPorPadre(unidades);
  const visitadas = new Set<number>();
  const colocar = (unidad: Unidad, rutaPadre: string | null, nivel: number): NodoUnidad => {
    visitadas.add(unidad.id);
    const ruta =
      rutaPadre === null ? unidad.nombre : rutaPadre === '' ? unidad.nombre : `${rutaPadre} › ${unidad.nombre}`;
    const debajo = (hijos.get(unidad.id) ?? [])
      .filter((hijo) => !visitadas.has(hijo.id))
      .map((hijo) => colocar(hijo, rutaPadre === null ? '' : ruta, nivel + 1));
    return { ...unidad, ruta, nivel, ...(debajo.length > 0 ? { children: debajo } : {}) };
  };
  return (hijos.get(null) ?? []).map((raiz) => colocar(raiz, null, 0));
}

/** Every node, depth first, parents before their children. */
export function aplanar(arbol: readonly NodoUnidad[]): NodoUnidad[] {
  return arbol.flatMap((nodo) => [nodo, ...aplanar(nodo.children ?? [])]);
}

/** The ids of everything below `id` (not `id` itself). */
export function descendientes(unidades: readonly Unidad[], id: number): Set<number> {
  const hijos = hijosPorPadre(unidades);
  const debajo = new Set<number>();
  const pendientes = [...(hijos.get(id) ?? [])];
  while (pendientes.length > 0) {
    const unidad = pendientes.pop()!;
    if (debajo.has(unidad.id) || unidad.id === id) continue;
    debajo.add(unidad.id);
    pendientes.push(...(hijos.get(unidad.id) ?? []));
  }
  return debajo;
}

/** The value of «no unidad superior» (a root) in the selects, which cannot hold null. */
export const SIN_PADRE = 0;

export interface OpcionPadre {
  value: number;
  label: string;
  disabled?: boolean;
}

/**
 * Where `unidad` may be moved: a root, or below any active unidad that is neither itself nor one
 * below it (that would close a loop). Its current place is listed, marked and not selectable.
 */
export function destinosDeMovimiento(unidades: readonly Unidad[], unidad: Unidad): OpcionPadre[] {
  const excluidas = descendientes(unidades, unidad.id).add(unidad.id);
  const raiz: OpcionPadre = {
    value: SIN_PADRE,
    label: unidad.id_padre === null ? 'Ninguna: unidad principal (actual)' : 'Ninguna: unidad principal',
    disabled: unidad.id_padre === null,
  };
  const debajo = aplanar(construirArbol(unidades))
    .filter((nodo) => nodo.activa && !excluidas.has(nodo.id))
    .map((nodo) =>
      nodo.id === unidad.id_padre
        ? { value: nodo.id, label: `${nodo.ruta} (actual)`, disabled: true }
        : { value: nodo.id, label: nodo.ruta },
    );
  return [raiz, ...debajo];
}

/** Where a new unidad may hang: a root, or below any active unidad. */
export function padresPosibles(unidades: readonly Unidad[]): OpcionPadre[] {
  return [
    { value: SIN_PADRE, label: 'Ninguna: unidad principal' },
    ...aplanar(construirArbol(unidades))
      .filter((nodo) => nodo.activa)
      .map((nodo) => ({ value: nodo.id, label: nodo.ruta })),
  ];
}

/**
 * The tree cut down to the unidades whose name or code contains `texto` (accents and case aside),
 * with everything below them and the unidades above them, so each match keeps its place.
 */
export function filtrarArbol(arbol: readonly NodoUnidad[], texto: string): NodoUnidad[] {
  const plano = (valor: string) =>
    valor
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const buscado = plano(texto.trim());
  if (!buscado) return [...arbol];
  const podar = (nodos: readonly NodoUnidad[]): NodoUnidad[] =>
    nodos.flatMap((nodo) => {
      if (plano(nodo.nombre).includes(buscado) || plano(nodo.codigo).includes(buscado)) return [nodo];
      const hijos = podar(nodo.children ?? []);
      if (hijos.length === 0) return [];
      const { children: _children, ...resto } = nodo;
      return [{ ...resto, ...(hijos.length > 0 ? { children: hijos } : {}) }];
    });
  return podar(arbol);
}
