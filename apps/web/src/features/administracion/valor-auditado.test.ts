import { describe, expect, it } from 'vitest';
import { textoDeValor } from './valor-auditado';

describe('textoDeValor', () => {
  it('reads as people write: lists by commas, objects one field per line, booleans as sí/no', () => {
    expect(textoDeValor(['LA0019005', 'LA0019009'])).toBe('LA0019005, LA0019009');
    expect(textoDeValor([])).toBe('(ninguno)');
    expect(textoDeValor({ nombre: 'Tesorería', activa: false, id_padre: null })).toBe(
      'nombre: Tesorería\nactiva: no\nid_padre: —',
    );
    expect(textoDeValor({ anidado: { a: 1 } })).toBe('anidado: {"a":1}');
    expect(textoDeValor(null)).toBe('(nada)');
    expect(textoDeValor(7)).toBe('7');
  });
});
