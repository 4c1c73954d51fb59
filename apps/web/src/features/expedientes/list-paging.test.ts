import { describe, expect, it } from 'vitest';
import { apiQueryOf, pageChange, paginationTotal, totalLabel } from './list-paging';
import { MAX_CURSORES, parseListSearchParams, serializeListSearchParams, type ListState } from './list-search-params';

const estado = (search: string): ListState => parseListSearchParams(new URLSearchParams(search));

describe('list paging', () => {
  it('asks the API with the last kept cursor, or by offset without one', () => {
    expect(apiQueryOf(estado('page=3&cursor=a&cursor=b'))).toMatchObject({ page: 3, cursor: 'b' });
    expect(apiQueryOf(estado('page=3'))).not.toHaveProperty('cursor');
    expect(apiQueryOf(estado('page=3&cursor=b'))).not.toHaveProperty('cursores');
  });

  it('follows siguiente forward, drops the last cursor backward, and jumps by offset', () => {
    const tercera = estado('page=3&cursor=a&cursor=b');
    expect(pageChange(tercera, 4, 'c')).toEqual({ page: 4, cursores: ['a', 'b', 'c'] });
    expect(pageChange(tercera, 2, 'c')).toEqual({ page: 2, cursores: ['a'] });
    expect(pageChange(tercera, 7, 'c')).toEqual({ page: 7, cursores: undefined });
    // The last page has no siguiente: the next page (if the pager offered one) is read by offset.
    expect(pageChange(tercera, 4, null)).toEqual({ page: 4, cursores: undefined });
  });

  it(`keeps at most ${MAX_CURSORES} cursors, in the URL and when moving on`, () => {
    const muchos = Array.from({ length: MAX_CURSORES }, (_, index) => `c${index + 2}`);
    const state = estado(`page=${MAX_CURSORES + 1}&${muchos.map((cursor) => `cursor=${cursor}`).join('&')}`);
    expect(state.cursores).toEqual(muchos);
    expect(pageChange(state, MAX_CURSORES + 2, 'nuevo').cursores).toEqual([...muchos.slice(1), 'nuevo']);
  });

  it('reads and writes cursors only past the first page, and drops what is not a cursor', () => {
    expect(estado('cursor=a').cursores).toBeUndefined();
    expect(estado('page=2&cursor=a%20b&cursor=ok_-1').cursores).toEqual(['ok_-1']);
    // More cursors than pages before this one cannot all be right: the newest are kept.
    expect(estado('page=2&cursor=a&cursor=b').cursores).toEqual(['b']);
    expect(serializeListSearchParams({ ...estado('page=2&cursor=a'), page: 1 }).toString()).toBe('');
    expect(serializeListSearchParams(estado('q=obra&page=2&cursor=a')).toString()).toBe('q=obra&page=2&cursor=a');
  });

  it('labels an exact total and a lower bound, and keeps the pager open past the bound', () => {
    expect(totalLabel({ total: 1_000_000, totalExacto: true })).toBe('Total: 1.000.000 expedientes');
    expect(totalLabel({ total: 1, totalExacto: true })).toBe('Total: 1 expediente');
    expect(totalLabel({ total: 1000, totalExacto: false })).toBe('Más de 1.000 expedientes');
    const pagina = { items: [], page: 100, pageSize: 10, total: 1000, totalExacto: false, siguiente: 'x' };
    expect(paginationTotal(estado('page=100'), pagina)).toBe(1010);
    expect(paginationTotal(estado('page=100'), { ...pagina, siguiente: null })).toBe(1000);
    // No invented last page: from the first page, the pager offers pages 1 and 2.
    expect(paginationTotal(estado(''), { ...pagina, page: 1 })).toBe(20);
    expect(paginationTotal(estado('page=2'), { ...pagina, total: 1234, totalExacto: true })).toBe(1234);
  });
});
