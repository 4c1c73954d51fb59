import { describe, expect, it } from 'vitest';
import { FALLBACK_FILENAME, MAX_FILENAME_LENGTH, normaliseFilename } from './filename';

describe('normaliseFilename', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\Windows\\system32\\informe.pdf', 'informe.pdf'],
    ['C:\\Users\\ana\\Escritorio\\Resolución nº 5.pdf', 'Resolución nº 5.pdf'],
    ['informe\u0000.pdf', 'informe.pdf'],
    ['\u202Egnp.exe', 'gnp.exe'],
    ['factura\u202Efdp.exe', 'facturafdp.exe'],
    ['a\u2066b\u2069c\u200E\u200Fd\u200Be\uFEFF.txt', 'abcde.txt'],
    ['Peñalosa/Álvarez – año 2025.odt', 'Álvarez – año 2025.odt'],
    ['  ..informe   de\tgestión\n final..  ', 'informe de gestión final'],
    ['Resolucio\u0301n.pdf', 'Resolución.pdf'],
    ['documento\u0085raro\u009b.txt', 'documentoraro.txt'],
  ])('%j → %j', (raw, expected) => {
    expect(normaliseFilename(raw)).toBe(expected);
  });

  it('composes to NFC', () => {
    expect(normaliseFilename('Pen\u0303alosa.pdf')).toBe('Peñalosa.pdf'.normalize('NFC'));
    expect(normaliseFilename('Pen\u0303alosa.pdf')).toHaveLength('Peñalosa.pdf'.length);
  });

  it.each(['', '   ', '..', '../', '..\\..\\', '\u0000\u202E', '...'])('never answers empty: %j', (raw) => {
    expect(normaliseFilename(raw)).toBe(FALLBACK_FILENAME);
  });

  it('limits a very long name and keeps its extension', () => {
    const name = normaliseFilename(`${'ñ'.repeat(500)}.pdf`);
    expect(Array.from(name)).toHaveLength(MAX_FILENAME_LENGTH);
    expect(name.endsWith('ñ.pdf')).toBe(true);
  });

  it('does not split a character made of two UTF-16 units when cutting', () => {
    const name = normaliseFilename(`${'📄'.repeat(300)}.docx`);
    expect(Array.from(name)).toHaveLength(MAX_FILENAME_LENGTH);
    expect(name).toMatch(/^(📄)+\.docx$/u);
  });

  it('keeps a long name without an extension within the limit', () => {
    expect(Array.from(normaliseFilename('a'.repeat(1000)))).toHaveLength(MAX_FILENAME_LENGTH);
  });
});
