import type { ExpedientesFiltro, ExpedientesListaQuery } from '@ecodigital/contracts/expedientes';
import {
  ESTADOS_EXPEDIENTE,
  ORDENABLES,
  PAGE_SIZES,
  type CampoOrden,
  type EstadoExpediente,
} from '@ecodigital/contracts/expedientes.rules';
import { FILTROS_PLAZO } from '@ecodigital/contracts/plazos.rules';
import { isoDate, oneOf, positiveInteger } from '../../lib/url-values';

const DEFAULT_PAGE_SIZE: (typeof PAGE_SIZES)[number] = 10;
const Q_MAX_LENGTH = 200;

/** Filters holding a `YYYY-MM-DD` day. */
const CAMPOS_FECHA = ['desde', 'hasta', 'cierre_desde', 'cierre_hasta', 'documentos_desde'] as const;

/** Keyset cursors kept in the URL: enough to step back a few pages without an offset read. */
export const MAX_CURSORES = 10;
const CURSOR = /^[A-Za-z0-9_-]{1,4096}$/;

/**
 * The list's state as the URL holds it: always complete, with page and page size resolved.
 * `cursores` are the cursors of the last visited pages up to the current one (the last is the one
 * that reads this page); a page without one is read by offset.
 */
export type ListState = ExpedientesListaQuery & {
  page: number;
  pageSize: (typeof PAGE_SIZES)[number];
  cursores?: string[];
};

/**
 * Reads the list's filters, sort and page from the URL. Anything a person may have typed or an old
 * link may carry is checked: unknown or malformed values are dropped instead of reaching the API.
 */
export function parseListSearchParams(params: URLSearchParams): ListState {
  const state: ListState = { page: positiveInteger(params.get('page')) ?? 1, pageSize: DEFAULT_PAGE_SIZE };

  const q = params.get('q')?.trim().slice(0, Q_MAX_LENGTH);
  if (q) state.q = q;

  const estados = [...new Set(params.getAll('estado'))].filter((value): value is EstadoExpediente =>
    (ESTADOS_EXPEDIENTE as readonly string[]).includes(value),
  );
  // Canonical order, so the same selection always gives the same query key and URL.
  if (estados.length > 0) state.estado = ESTADOS_EXPEDIENTE.filter((estado) => estados.includes(estado));

  const tipo = positiveInteger(params.get('tipo'));
  if (tipo) state.tipo = tipo;
  const unidad = positiveInteger(params.get('unidad'));
  if (unidad) state.unidad = unidad;
  const responsable = positiveInteger(params.get('responsable'));
  if (responsable) state.responsable = responsable;
  const plazo = oneOf(FILTROS_PLAZO, params.get('plazo'));
  if (plazo) state.plazo = plazo;

  for (const campo of CAMPOS_FECHA) {
    const fecha = isoDate(params.get(campo));
    if (fecha) state[campo] = fecha;
  }

  const pageSize = Number(params.get('pageSize'));
  state.pageSize = PAGE_SIZES.find((size) => size === pageSize) ?? DEFAULT_PAGE_SIZE;

  const cursores = params.getAll('cursor').filter((cursor) => CURSOR.test(cursor));
  if (state.page > 1 && cursores.length > 0) state.cursores = cursores.slice(-Math.min(MAX_CURSORES, state.page - 1));

  if (params.get('contar') === 'todos') state.contar = 'todos';

  const sort = oneOf<CampoOrden>(ORDENABLES, params.get('sort'));
  if (sort) {
    state.sort = sort;
    state.order = oneOf(['asc', 'desc'] as const, params.get('order')) ?? 'asc';
  }
  return state;
}

/** Writes the state back to search params; defaults are left out so links stay short. */
export function serializeListSearchParams(state: ExpedientesListaQuery & Pick<ListState, 'cursores'>): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q?.trim()) params.set('q', state.q.trim());
  for (const estado of state.estado ?? []) params.append('estado', estado);
  if (state.tipo) params.set('tipo', String(state.tipo));
  if (state.unidad) params.set('unidad', String(state.unidad));
  if (state.responsable) params.set('responsable', String(state.responsable));
  if (state.plazo) params.set('plazo', state.plazo);
  for (const campo of CAMPOS_FECHA) {
    const fecha = state[campo];
    if (fecha) params.set(campo, fecha);
  }
  if (state.sort) {
    params.set('sort', state.sort);
    params.set('order', state.order ?? 'asc');
  }
  if (state.page && state.page > 1) {
    params.set('page', String(state.page));
    for (const cursor of state.cursores ?? []) params.append('cursor', cursor);
  }
  if (state.pageSize && state.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(state.pageSize));
  if (state.contar) params.set('contar', state.contar);
  return params;
}

/** The filter part of the state (what the CSV export takes). */
export function filtersOf(state: ExpedientesListaQuery & Pick<ListState, 'cursores'>): ExpedientesFiltro {
  const {
    page: _page,
    pageSize: _pageSize,
    sort: _sort,
    order: _order,
    cursor: _cursor,
    cursores: _cursores,
    contar: _contar,
    ...filters
  } = state;
  return filters;
}

export function hasActiveFilters(state: ExpedientesListaQuery): boolean {
  return serializeListSearchParams(filtersOf(state)).size > 0;
}

/** A patch that removes every filter (search included) and keeps sort and page size. */
export function sinFiltros(): { [K in keyof Required<ExpedientesFiltro>]: undefined } {
  return {
    q: undefined,
    estado: undefined,
    tipo: undefined,
    unidad: undefined,
    responsable: undefined,
    gestion: undefined,
    desde: undefined,
    hasta: undefined,
    cierre_desde: undefined,
    cierre_hasta: undefined,
    documentos_desde: undefined,
    plazo: undefined,
  };
}
