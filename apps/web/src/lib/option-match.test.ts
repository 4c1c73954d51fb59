import { describe, expect, it } from 'vitest';
import { matchesOption } from './option-match';

describe('matchesOption', () => {
  it('ignores case, accents and surrounding spaces', () => {
    expect(matchesOption(' secretaria ', { label: 'Secretaría General' })).toBe(true);
    expect(matchesOption('NUÑEZ', { label: 'Nunez Pena' })).toBe(true);
    expect(matchesOption('perez', { label: 'Núñez Peña' })).toBe(false);
    expect(matchesOption('nunez', { label: 'Núñez Peña' })).toBe(true);
  });

  it('matches only text labels', () => {
    expect(matchesOption('a', { label: 42 })).toBe(false);
    expect(matchesOption('a')).toBe(false);
  });
});
