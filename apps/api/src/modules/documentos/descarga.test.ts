import { describe, expect, it } from 'vitest';
import {
  coincideIfNoneMatch,
  contentDisposition,
  contentType,
  etagDe,
  nombreAscii,
  nombreDeDescarga,
  rangoPedido,
} from './descarga';

describe('nombreDeDescarga', () => {
  it.each([
    ['poly.html', 'PDF', 'poly.html.pdf'],
    ['informe.PDF', 'PDF', 'informe.PDF'],
    ['foto.jpeg', 'JPEG', 'foto.jpeg'],
    ['foto.jpg', 'JPEG', 'foto.jpg'],
    ['foto.png', 'JPEG', 'foto.png.jpg'],
    ['escaneo.tif', 'TIFF', 'escaneo.tif'],
    ['notas.md', 'TXT', 'notas.md.txt'],
    ['sin extensión', 'PDF', 'sin extensión.pdf'],
    ['.pdf', 'PDF', '.pdf.pdf'],
    ['acta.docx', 'ODT', 'acta.docx.odt'],
  ])('%j holding %s downloads as %j', (nombre, formato, esperado) => {
    expect(nombreDeDescarga(nombre, formato)).toBe(esperado);
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name (RFC 6266 / 5987)', () => {
    const header = contentDisposition('attachment', 'Resolución nº 5.pdf');
    expect(header).toBe(
      `attachment; filename="Resolucion no 5.pdf"; filename*=UTF-8''Resoluci%C3%B3n%20n%C2%BA%205.pdf`,
    );
    const encoded = /filename\*=UTF-8''(.+)$/.exec(header)![1]!;
    expect(decodeURIComponent(encoded)).toBe('Resolución nº 5.pdf');
  });

  it('never lets quotes, backslashes or non-ASCII into the fallback, and escapes RFC 5987 specials', () => {
    expect(nombreAscii('a"b\\c;d%e.txt')).toBe('a_b_c_d_e.txt');
    expect(nombreAscii('文書.pdf')).toBe('__.pdf');
    expect(contentDisposition('inline', "it's (1)*.png")).toBe(
      `inline; filename="it's (1)*.png"; filename*=UTF-8''it%27s%20%281%29%2A.png`,
    );
  });
});

describe('rangoPedido', () => {
  it.each([
    [undefined, { tipo: 'completo' }],
    ['bytes=0-9', { tipo: 'parcial', start: 0, end: 9 }],
    ['bytes=10-', { tipo: 'parcial', start: 10, end: 99 }],
    ['bytes=-10', { tipo: 'parcial', start: 90, end: 99 }],
    ['bytes=-500', { tipo: 'parcial', start: 0, end: 99 }],
    ['bytes=90-500', { tipo: 'parcial', start: 90, end: 99 }],
    ['bytes=100-', { tipo: 'insatisfacible' }],
    ['bytes=-0', { tipo: 'insatisfacible' }],
    ['bytes=0-1,5-6', { tipo: 'completo' }],
    ['items=0-1', { tipo: 'completo' }],
    ['bytes=9-3', { tipo: 'completo' }],
  ] as const)('%s of 100 bytes → %j', (cabecera, esperado) => {
    expect(rangoPedido(cabecera, 100)).toEqual(esperado);
  });
});

describe('contentType', () => {
  it('adds the charset to text only', () => {
    expect(contentType('text/csv')).toBe('text/csv; charset=utf-8');
    expect(contentType('application/pdf')).toBe('application/pdf');
  });
});

describe('coincideIfNoneMatch', () => {
  const etag = etagDe('ab12');

  it.each([
    ['"ab12"', true],
    ['W/"ab12"', true],
    ['"otra", "ab12"', true],
    ['"otra",W/"ab12"', true],
    ['*', true],
    ['"otra"', false],
    ['ab12', false],
    ['"ab1"', false],
    ['', false],
    [undefined, false],
  ] as const)('If-None-Match %j → %s', (cabecera, esperado) => {
    expect(coincideIfNoneMatch(cabecera, etag)).toBe(esperado);
  });
});
