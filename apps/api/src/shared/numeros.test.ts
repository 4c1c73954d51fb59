import { describe, expect, it } from 'vitest';
import { cifra } from './numeros';

describe('cifra', () => {
  it('groups thousands with a point from 1.000 on and writes decimals with a comma', () => {
    expect(cifra(999)).toBe('999');
    expect(cifra(2000)).toBe('2.000');
    expect(cifra(1234.5)).toBe('1.234,5');
    expect(cifra(1_000_000)).toBe('1.000.000');
    expect(cifra(0.25)).toBe('0,25');
  });
});
