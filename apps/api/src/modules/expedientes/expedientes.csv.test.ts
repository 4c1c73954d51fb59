import { describe, expect, it } from 'vitest';
import { celdaCsv, filaCsv, lineaCsv } from './expedientes.csv';
import { escapeLike } from '../../shared/sql';

describe('celdaCsv', () => {
  it.each([
    ['Licencia de obra', 'Licencia de obra'],
    [null, ''],
    ['', ''],
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ['+34 600', "'+34 600"],
    ['-2+3', "'-2+3"],
    ['@SUMA(A1)', "'@SUMA(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
    ['a;b', '"a;b"'],
    ['dijo "sí"', '"dijo ""sí"""'],
    ['=1;2', `"'=1;2"`],
    ['línea\nnueva', '"línea\nnueva"'],
    ['Ñandú = 3', 'Ñandú = 3'],
  ])('%j → %j', (valor, esperado) => {
    expect(celdaCsv(valor)).toBe(esperado);
  });

  it('joins a line with ; and ends it with CRLF', () => {
    expect(lineaCsv(['a', null, 'b;c'])).toBe('a;;"b;c"\r\n');
  });
});

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
