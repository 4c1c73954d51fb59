import type { ExpedientesListaQuery, ExpedientesPagina } from '@ecodigital/contracts/expedientes';
import { formatNumber } from '../../lib/format';
import { MAX_CURSORES, type ListState } from './list-search-params';

/** What the API is asked: the page with its cursor when the URL keeps one, otherwise by offset. */
export function apiQueryOf({ cursores, ...state }: ListState): ExpedientesListaQuery {
  const cursor = cursores?.at(-1);
  return cursor ? { ...state, cursor } : state;
}

/**
 * Moving to `page`: the next one follows the current page's `siguiente`, the previous one drops the
 * current cursor, and any other jump reads by offset.
 */
export function pageChange(state: ListState, page: number, siguiente: string | null | undefined): Partial<ListState> {
  const cursores = state.cursores ?? [];
  if (page === state.page + 1 && siguiente) return { page, cursores: [...cursores, siguiente].slice(-MAX_CURSORES) };
  if (page === state.page - 1) return { page, cursores: cursores.slice(0, -1) };
  return { page, cursores: undefined };
}

/**
 * The pager's total. With only a lower bound ("más de 1.000") the last page is unknown, so the pager
 * offers the pages read so far and the next one while more follow, never a made-up last page.
 */
export function paginationTotal(state: ListState, pagina: ExpedientesPagina | undefined): number {
  if (!pagina) return 0;
  if (pagina.totalExacto) return pagina.total;
  return (state.page + (pagina.siguiente ? 1 : 0)) * state.pageSize;
}

export function totalLabel(pagina: Pick<ExpedientesPagina, 'total' | 'totalExacto'> | undefined): string {
  if (!pagina) return '';
  if (!pagina.totalExacto) return `Más de ${formatNumber(pagina.total)} expedientes`;
  return `Total: ${formatNumber(pagina.total)} ${pagina.total === 1 ? 'expediente' : 'expedientes'}`;
}
