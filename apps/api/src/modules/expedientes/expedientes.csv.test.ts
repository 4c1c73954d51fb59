import { describe, expect, it } from 'vitest';
import { filaCsv } from './expedientes.csv';
import { escapeLike } from '../../shared/sql';

describe('filaCsv', () => {
  it('writes the columns of the header in order, the estado as people read it, every cell escaped', () => {
    const linea = filaCsv({
      numero: 'EXP-2026-000001',
      asunto: 'Obra; "menor"',
      tipo: 'Licencia',
      unidad: 'Urbanismo',
      interesado_nombre: '=HIPERVINCULO("x")',
      interesado_documento: null,
      responsable: 'Rosa Molina Serrano',
      estado: 'en_tramite',
      fecha_apertura: '02/03/2026',
      fecha_cierre: null,
    });
    expect(linea).toBe(
      `EXP-2026-000001;"Obra; ""menor""";Licencia;Urbanismo;"'=HIPERVINCULO(""x"")";;Rosa Molina Serrano;En trámite;02/03/2026;\r\n`,
    );
  });
});

describe('escapeLike', () => {
  it('escapes the LIKE wildcards and the escape character', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });
});
