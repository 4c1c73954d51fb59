import { describe, expect, it } from 'vitest';
import { queryString } from './query-string';

describe('queryString', () => {
  it('repeats array keys, as the API reads them', () => {
    expect(queryString({ estado: ['abierto', 'en_tramite'], pageSize: 25 })).toBe(
      '?estado=abierto&estado=en_tramite&pageSize=25',
    );
  });

  it('leaves out null and undefined and encodes accents and spaces', () => {
    expect(queryString({ q: 'Núñez Peña', desde: undefined, hasta: null })).toBe('?q=N%C3%BA%C3%B1ez+Pe%C3%B1a');
  });

  it('is empty when nothing is left to send', () => {
    expect(queryString({ q: undefined })).toBe('');
    expect(queryString(undefined)).toBe('');
  });
});
