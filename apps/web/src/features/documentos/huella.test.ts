import { describe, expect, it } from 'vitest';
import { shortenHash } from './huella';

describe('shortenHash', () => {
  it('keeps the first six and last four characters of a SHA-256', () => {
    const huella = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6df9e8';
    expect(shortenHash(huella)).toBe('a1b2c3…f9e8');
  });

  it('leaves short values whole', () => {
    expect(shortenHash('abcdef0123')).toBe('abcdef0123');
    expect(shortenHash('')).toBe('');
  });
});
