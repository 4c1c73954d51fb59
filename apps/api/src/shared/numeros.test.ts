import { describe, expect, it } from 'vitest';
import { cifra, tamanoLegible } from './numeros';

describe('cifra', () => {
  it('groups thousands with a point from 1.000 on and writes decimals with a comma', () => {
    expect(cifra(999)).toBe('999');
    expect(cifra(2000)).toBe('2.000');
    expect(cifra(1234.5)).toBe('1.234,5');
    expect(cifra(1_000_000)).toBe('1.000.000');
    expect(cifra(0.25)).toBe('0,25');
  });
});

describe('tamanoLegible', () => {
  it('says bytes below a KB, then the largest unit with one decimal at most', () => {
    expect(tamanoLegible(1)).toBe('1 byte');
    expect(tamanoLegible(512)).toBe('512 bytes');
    expect(tamanoLegible(1536)).toBe('1,5 KB');
    expect(tamanoLegible(12.3 * 1024 * 1024)).toBe('12,3 MB');
    expect(tamanoLegible(1234 * 1024 * 1024)).toBe('1,2 GB');
    expect(tamanoLegible(2048 * 1024 ** 4)).toBe('2.048 TB');
  });
});
