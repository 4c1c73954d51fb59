import { describe, expect, it } from 'vitest';
import { celdaCsv, lineaCsv } from './csv';

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
