import { describe, expect, it } from 'vitest';
import { claseDocumento, esDocumentoValido, normalizarDocumento, problemaDocumento } from './identificacion';

describe('NIF, NIE and CIF by their control character', () => {
  it.each([
    // DNI: 12345678 mod 23 = 14 → Z
    ['12345678Z', true],
    ['12345678A', false],
    ['00000000T', true],
    ['00000000R', false],
    ['12345678z', true],
    ['12.345.678-Z', true],
    // NIE: X → 0, Y → 1, Z → 2 in front of the number
    ['X1234567L', true],
    ['X1234567M', false],
    ['Y1234567X', true],
    ['Z1234567R', true],
    ['Z1234567L', false],
    // CIF: B (sociedad limitada) ends in a digit, P (corporación local) in a letter, others either
    ['B12345674', true],
    ['B12345675', false],
    ['B1234567D', false],
    ['P1234567D', true],
    ['P12345674', false],
    ['Q2826000H', true],
    ['G12345674', true],
    ['G1234567D', true],
    ['A58818501', true],
    // Not a document at all
    ['1234567', false],
    ['', false],
    ['ABCDEFGHI', false],
    ['I12345674', false],
  ])('%s → %s', (documento, valido) => {
    expect(esDocumentoValido(documento)).toBe(valido);
  });

  it('says in Spanish what is wrong', () => {
    expect(problemaDocumento('12345678A')).toBe(
      'El NIF 12345678A no es válido: la letra no corresponde al número. Revise que está bien escrito.',
    );
    expect(problemaDocumento('X1234567M')).toMatch(/^El NIE X1234567M no es válido/);
    expect(problemaDocumento('B12345675')).toMatch(/^El CIF B12345675 no es válido/);
    expect(problemaDocumento('hola')).toMatch(/^«hola» no es un NIF, NIE ni CIF/);
  });

  it('names the kind of document and stores it in capitals without separators', () => {
    expect(normalizarDocumento(' x-1234567-l ')).toBe('X1234567L');
    expect(claseDocumento('12345678Z')).toBe('DNI');
    expect(claseDocumento('X1234567L')).toBe('NIE');
    expect(claseDocumento('B12345674')).toBe('CIF');
    expect(claseDocumento('1234')).toBeNull();
  });
});
