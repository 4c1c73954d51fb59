import { describe, expect, it } from 'vitest';
import { compararEspanol } from './spanish-order';

describe('compararEspanol', () => {
  it('sorts names as Spanish does: Álvaro before Bea, María before Marta, ñ after n', () => {
    expect(['Marta', 'Bea', 'Ñandú', 'María', 'Álvaro', 'Nuria', 'Óscar'].sort(compararEspanol)).toEqual([
      'Álvaro',
      'Bea',
      'María',
      'Marta',
      'Nuria',
      'Ñandú',
      'Óscar',
    ]);
  });
});
