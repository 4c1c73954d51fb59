import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FALLBACK_FILENAME, MAX_FILENAME_BYTES, MAX_FILENAME_LENGTH, normaliseFilename } from './filename';

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

  const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

  it('shortens a name over 255 bytes and keeps its extension', () => {
    const name = normaliseFilename(`${'ñ'.repeat(500)}.pdf`);
    expect(bytes(name)).toBeLessThanOrEqual(MAX_FILENAME_BYTES);
    expect(bytes(name)).toBeGreaterThan(MAX_FILENAME_BYTES - 2);
    expect(name).toMatch(/^ñ+\.pdf$/u);
  });

  it('does not split a character made of two UTF-16 units when cutting', () => {
    const name = normaliseFilename(`${'📄'.repeat(300)}.docx`);
    expect(bytes(name)).toBeLessThanOrEqual(MAX_FILENAME_BYTES);
    expect(name).toMatch(/^(📄)+\.docx$/u);
  });

  it('keeps a long name without an extension within the limit', () => {
    expect(Array.from(normaliseFilename('a'.repeat(1000)))).toHaveLength(MAX_FILENAME_LENGTH);
  });

  it('keeps a name of exactly 255 bytes of two-byte letters whole when it fits the column', () => {
    const name = `${'é'.repeat(125)}.pdf`;
    expect(bytes(name)).toBe(254);
    expect(normaliseFilename(name)).toBe(name);
  });

  // A pattern like /[.\s]+$/ retries from every dot: 60.000 dots took 6 s and blocked every other
  // request, 300.000 would take minutes. A child process gets a deadline far above what a linear
  // pass needs on a loaded machine (milliseconds, plus starting Node) and far below that; the
  // deadline stops a regression instead of letting the test hang.
  it('is linear in the length of the name', () => {
    const script = `
      import { normaliseFilename } from ${JSON.stringify(fileURLToPath(new URL('./filename.ts', import.meta.url)))};
      const cases = [
        'a' + '.'.repeat(300_000) + 'a',
        'a' + ' '.repeat(300_000) + 'a.pdf',
        './'.repeat(300_000) + 'informe.pdf',
        'x' + '. '.repeat(300_000),
        'x' + '.'.repeat(300_000) + 'pdf',
      ];
      process.stdout.write(JSON.stringify(cases.map(normaliseFilename)));
    `;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(child.signal, 'normalising took so long that the child process was stopped').toBeNull();
    expect(child.stderr).toBe('');
    const [dots, spaces, path, alternating, longExtension] = JSON.parse(child.stdout) as string[];
    expect(dots).toBe('a.a');
    expect(spaces).toMatch(/^a .*\.pdf$/);
    expect(path).toBe('informe.pdf');
    expect(alternating).toBe('x');
    expect(longExtension).toBe('x.pdf');
  }, 60_000);
});
