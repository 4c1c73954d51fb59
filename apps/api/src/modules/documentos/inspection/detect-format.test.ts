import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectFormat, type FormatDetection } from './detect-format';
import {
  sampleDocx,
  sampleDocxEntries,
  sampleElfExecutable,
  sampleJpeg,
  sampleOdfEntries,
  sampleOds,
  sampleOdt,
  samplePdf,
  samplePng,
  sampleTiff,
  sampleWindowsExecutable,
  sampleXlsx,
} from './testing/sample-files';
import { buildZip } from './testing/zip-writer';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'detect-format-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let counter = 0;
/** Writes the bytes under a meaningless name, so only the bytes can decide. */
async function detect(content: Buffer | string, filename?: string): Promise<FormatDetection> {
  const filePath = path.join(dir, `sample-${counter++}.part`);
  await writeFile(filePath, content);
  return detectFormat(filePath, { filename });
}

describe('detectFormat accepts each allowed type by its bytes', () => {
  const cases: Array<[string, () => Buffer | string, string, string]> = [
    ['PDF', samplePdf, 'PDF', 'application/pdf'],
    ['PNG', samplePng, 'PNG', 'image/png'],
    ['JPEG', sampleJpeg, 'JPEG', 'image/jpeg'],
    ['TIFF little-endian', () => sampleTiff('II'), 'TIFF', 'image/tiff'],
    ['TIFF big-endian', () => sampleTiff('MM'), 'TIFF', 'image/tiff'],
    ['DOCX', sampleDocx, 'DOCX', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['XLSX', sampleXlsx, 'XLSX', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['ODT', sampleOdt, 'ODT', 'application/vnd.oasis.opendocument.text'],
    ['ODS', sampleOds, 'ODS', 'application/vnd.oasis.opendocument.spreadsheet'],
    ['TXT', () => 'Señora Núñez:\r\n\tle comunicamos la resolución.\f\n', 'TXT', 'text/plain'],
    // Issue 13 extracts the text of these, so they are accepted too.
    ['TXT in Windows-1252', () => Buffer.from('Peñalosa, información', 'latin1'), 'TXT', 'text/plain'],
    ['TXT in UTF-16 with a byte-order mark', () => Buffer.from('\uFEFFhola, señora', 'utf16le'), 'TXT', 'text/plain'],
    ['TXT in UTF-16 without a mark', () => Buffer.from('Informe de la peña', 'utf16le'), 'TXT', 'text/plain'],
    [
      'UTF-8 cut in the middle of a character (read as Windows-1252)',
      () => Buffer.from('camió', 'utf8').subarray(0, -1),
      'TXT',
      'text/plain',
    ],
  ];

  it.each(cases)('%s', async (_label, build, formato, mime) => {
    expect(await detect(build(), 'cualquier-nombre.bin')).toEqual({ accepted: true, formato, mime });
  });

  it('tells CSV from TXT by the extension only once the bytes are text', async () => {
    const csv = 'nombre;importe\nPeñalosa;1.234,5\nÁlvarez;7\n';
    expect(await detect(csv, 'Cuentas año 2025.CSV')).toEqual({ accepted: true, formato: 'CSV', mime: 'text/csv' });
    expect(await detect(csv, 'cuentas.txt')).toMatchObject({ formato: 'TXT' });
    expect(await detect(samplePdf(), 'factura.csv')).toMatchObject({ formato: 'PDF' });
  });

  it('accepts UTF-8 text with a byte-order mark and a multi-byte character across the 64 KiB boundary', async () => {
    const text = `\uFEFF${'a'.repeat(64 * 1024 - 4)}ñáü€ fin\n`;
    expect(await detect(text)).toMatchObject({ accepted: true, formato: 'TXT' });
  });

  it('finds the ZIP directory of a document whose archive has a comment', async () => {
    expect(await detect(buildZip(sampleDocxEntries(), 'generado por una prueba'))).toMatchObject({ formato: 'DOCX' });
  });

  it('ignores the name: a PDF called .exe is a PDF', async () => {
    expect(await detect(samplePdf(), 'programa.exe')).toMatchObject({ accepted: true, formato: 'PDF' });
  });
});

describe('detectFormat refuses', () => {
  const refusals: Array<[string, () => Buffer | string, string]> = [
    ['a Windows executable named .pdf', sampleWindowsExecutable, 'executable'],
    ['an ELF executable', sampleElfExecutable, 'executable'],
    ['a shell script', () => '#!/bin/sh\nrm -rf /\n', 'executable'],
    ['an HTML page', () => '\n  <!DOCTYPE html><html><body><script>alert(1)</script></body></html>', 'html'],
    ['an HTML fragment', () => '<script>fetch("/api")</script>', 'html'],
    ['an SVG image', () => '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'svg'],
    ['an SVG with an XML prologue', () => '<?xml version="1.0"?>\n<!-- dibujo -->\n<svg viewBox="0 0 1 1"/>', 'svg'],
    ['XML', () => '\uFEFF<?xml version="1.0"?><expediente>1</expediente>', 'xml'],
    ['a ZIP that is not a document', () => buildZip([{ name: 'fotos/uno.txt', content: 'hola' }]), 'archive'],
    [
      'a ZIP with [Content_Types].xml but neither word/ nor xl/',
      () => buildZip([{ name: '[Content_Types].xml', content: '<Types/>' }]),
      'archive',
    ],
    ['a truncated DOCX (no central directory)', () => sampleDocx().subarray(0, 200), 'archive'],
    [
      'a macro-enabled Word document',
      () => buildZip([...sampleDocxEntries(), { name: 'word/vbaProject.bin', content: Buffer.alloc(64, 1) }]),
      'macros',
    ],
    [
      'an ODT with Basic macros',
      () => buildZip([...sampleOdfEntries('text'), { name: 'Basic/Standard/Module1.xml', content: '<module/>' }]),
      'macros',
    ],
    [
      'an ODF template (mimetype not an allowed one)',
      () => buildZip([{ name: 'mimetype', content: 'application/vnd.oasis.opendocument.text-template', store: true }]),
      'archive',
    ],
    [
      'an ODF whose mimetype entry is compressed',
      () => buildZip([{ name: 'mimetype', content: 'application/vnd.oasis.opendocument.text' }]),
      'archive',
    ],
    ['gzip', () => Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3]), 'archive'],
    [
      'binary junk',
      () => Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256)),
      'invalid-text',
    ],
    ['bytes undefined in Windows-1252 (not UTF-8 either)', () => Buffer.from([0x61, 0x81, 0x62, 0x8d]), 'invalid-text'],
    ['text with a NUL byte', () => 'nombre\u0000oculto', 'invalid-text'],
    ['text with an escape control character', () => 'texto \u001b[31m rojo', 'invalid-text'],
    ['UTF-16 text with a control character', () => Buffer.from('\uFEFFhola\u0007', 'utf16le'), 'invalid-text'],
    ['an empty file', () => Buffer.alloc(0), 'empty'],
  ];

  it.each(refusals)('%s', async (_label, build, reason) => {
    const detection = await detect(build(), 'documento.pdf');
    expect(detection).toMatchObject({ accepted: false, reason });
    expect(detection.accepted === false && detection.message).toMatch(/\S/);
  });

  it('refuses a control character far beyond the head, reading the text in bounded chunks', async () => {
    const text = `${'línea correcta\n'.repeat(20_000)}\u0007`;
    expect(await detect(text, 'datos.csv')).toMatchObject({ accepted: false, reason: 'invalid-text' });
  });
});
