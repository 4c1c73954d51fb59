import { describe, expect, it } from 'vitest';
import { filtersOf, hasActiveFilters, parseListSearchParams, serializeListSearchParams } from './list-search-params';

const parse = (search: string) => parseListSearchParams(new URLSearchParams(search));

describe('parseListSearchParams', () => {
  it('gives the first page of 10 without parameters', () => {
    expect(parse('')).toEqual({ page: 1, pageSize: 10 });
  });

  it('reads every filter, the sort and the page', () => {
    expect(
      parse(
        'q=+peticion+&estado=en_tramite&estado=abierto&tipo=2&unidad=3&responsable=4&desde=2024-01-31&hasta=2024-02-29&cierre_desde=2024-03-01&cierre_hasta=2024-03-31&documentos_desde=2024-04-02&page=3&pageSize=50&sort=fecha_apertura&order=desc',
      ),
    ).toEqual({
      q: 'peticion',
      estado: ['abierto', 'en_tramite'],
      tipo: 2,
      unidad: 3,
      responsable: 4,
      desde: '2024-01-31',
      hasta: '2024-02-29',
      cierre_desde: '2024-03-01',
      cierre_hasta: '2024-03-31',
      documentos_desde: '2024-04-02',
      page: 3,
      pageSize: 50,
      sort: 'fecha_apertura',
      order: 'desc',
    });
  });

  it('drops unknown or malformed values instead of sending them to the API', () => {
    expect(
      parse(
        'estado=borrado&estado=abierto&estado=abierto&tipo=0&unidad=-1&responsable=1.5&desde=2024-02-30&hasta=ayer&cierre_desde=hoy&documentos_desde=2024-13-01&page=0&pageSize=20&sort=id&order=desc',
      ),
    ).toEqual({ estado: ['abierto'], page: 1, pageSize: 10 });
    expect(parse('q=%20%20&tipo=abc&page=9999999999999999999')).toEqual({ page: 1, pageSize: 10 });
  });

  it('sorts ascending when the order is missing or wrong', () => {
    expect(parse('sort=numero')).toMatchObject({ sort: 'numero', order: 'asc' });
    expect(parse('sort=numero&order=sideways')).toMatchObject({ sort: 'numero', order: 'asc' });
  });

  it('cuts an overlong search to the 200 characters the API accepts', () => {
    expect(parse(`q=${'a'.repeat(250)}`).q).toHaveLength(200);
  });
});

describe('serializeListSearchParams', () => {
  it('leaves defaults out so links stay short', () => {
    expect(serializeListSearchParams({ page: 1, pageSize: 10 }).toString()).toBe('');
    expect(serializeListSearchParams({ q: '  ', estado: [] }).toString()).toBe('');
  });

  it('writes repeated estado parameters and the rest', () => {
    const params = serializeListSearchParams({
      q: 'Petición',
      estado: ['abierto', 'cerrado'],
      tipo: 1,
      desde: '2024-01-01',
      sort: 'asunto',
      order: 'desc',
      page: 2,
      pageSize: 25,
    });
    expect(params.getAll('estado')).toEqual(['abierto', 'cerrado']);
    expect(params.toString()).toBe(
      'q=Petici%C3%B3n&estado=abierto&estado=cerrado&tipo=1&desde=2024-01-01&sort=asunto&order=desc&page=2&pageSize=25',
    );
  });

  it('round-trips through the URL', () => {
    const search =
      'q=agua&estado=abierto&estado=cerrado&unidad=7&hasta=2025-12-31&cierre_hasta=2026-01-31&documentos_desde=2026-02-01&sort=numero&order=asc&page=4&pageSize=100';
    const state = parse(search);
    expect(parse(serializeListSearchParams(state).toString())).toEqual(state);
    expect(serializeListSearchParams(state).toString()).toBe(search);
  });
});

describe('filtersOf and hasActiveFilters', () => {
  it('keeps only the filters', () => {
    expect(filtersOf(parse('q=x&estado=abierto&page=3&pageSize=25&sort=numero&order=desc'))).toEqual({
      q: 'x',
      estado: ['abierto'],
    });
  });
  it('says whether any filter is set', () => {
    expect(hasActiveFilters(parse('page=3&sort=numero'))).toBe(false);
    expect(hasActiveFilters(parse('responsable=2'))).toBe(true);
  });
});
