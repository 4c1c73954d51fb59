import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Formato } from '@ecodigital/contracts/documentos';
import { extraerDocumento } from './extraer';
import { cerrarOcr } from './ocr';
import { ErrorDeExtraccion, normalizarTexto, type ResultadoExtraccion } from './resultado';
import {
  docxBomba,
  docxConTexto,
  imagenConTexto,
  odsConCeldas,
  odtConTexto,
  pdfConContrasena,
  pdfConTexto,
  pdfDeMuchasPaginas,
  pdfEscaneado,
  pngDesmesurado,
  pngRoto,
  tiffDePaginas,
  xlsxConCeldas,
} from './testing/archivos-con-texto';

const TESSDATA = '/usr/share/tesseract-ocr/5/tessdata';
const FRASE_OCR = 'La señora Muñoz solicitó la licencia de apertura en la calle Mayor número 12.';

let dir: string;
let n = 0;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'extraer-'));
});
afterAll(async () => {
  await cerrarOcr();
  await rm(dir, { recursive: true, force: true });
});

async function extraer(
  contenido: Buffer | string,
  formato: Formato,
  opciones: { paginasMax?: number; tessdataDir?: string } = {},
): Promise<ResultadoExtraccion> {
  const ruta = path.join(dir, `archivo-${n++}`);
  await writeFile(ruta, contenido);
  return extraerDocumento(ruta, {
    formato,
    paginasMax: opciones.paginasMax ?? 100,
    tessdataDir: opciones.tessdataDir ?? TESSDATA,
    megapixelesMax: 40,
    herramientas: { memoriaMb: 1024, cpuS: 60 },
  });
}

/** Compare without case and blanks, as search would. */
const plano = (texto: string) => texto.toLowerCase().replace(/\s+/g, ' ').trim();
/** OCR may misread punctuation, which search ignores: compare the words (accents and ñ included). */
const palabras = (texto: string) =>
  plano(texto)
    .match(/[\p{L}\p{N}]+/gu)
    ?.join(' ') ?? '';

describe('text of each format', () => {
  it('PDF with a text layer: every page, no OCR, a thumbnail of the first page', async () => {
    const resultado = await extraer(
      await pdfConTexto(['Resolución de la Alcaldía nº 5', 'Segunda página: informe técnico favorable']),
      'PDF',
    );
    expect(resultado.texto).toContain('Resolución de la Alcaldía nº 5');
    expect(resultado.texto).toContain('informe técnico favorable');
    expect(resultado).toMatchObject({ paginas: 2, paginasOcr: 0 });
    const miniatura = await sharp(resultado.miniatura!.imagen).metadata();
    expect(miniatura).toMatchObject({ format: 'jpeg', width: resultado.miniatura!.ancho });
    expect(resultado.miniatura!.alto).toBeGreaterThan(resultado.miniatura!.ancho);
  });

  it('DOCX (mammoth), paragraph by paragraph', async () => {
    const resultado = await extraer(docxConTexto(['Solicitud de vado', 'Peñalosa & Núñez, S.L.']), 'DOCX');
    expect(resultado.texto).toBe('Solicitud de vado\n\nPeñalosa & Núñez, S.L.');
    expect(resultado.miniatura).toBeUndefined();
  });

  it('ODT: paragraphs of content.xml', async () => {
    const resultado = await extraer(odtConTexto(['Informe de la peña', 'Conclusión: procede']), 'ODT');
    expect(resultado.texto).toBe('Informe de la peña\nConclusión: procede');
  });

  it('ODS: the sheet name and each cell', async () => {
    const resultado = await extraer(
      odsConCeldas([
        ['Partida', 'Importe'],
        ['Señalización', '1.234,50'],
      ]),
      'ODS',
    );
    expect(plano(resultado.texto)).toBe('presupuesto partida importe señalización 1.234,50');
  });

  it('XLSX: sheet names, shared strings and numbers, not the indexes into the strings', async () => {
    const resultado = await extraer(xlsxConCeldas(['Liquidación de tasas', 'Año 2025'], 1234.5), 'XLSX');
    expect(plano(resultado.texto)).toBe('liquidación liquidación de tasas año 2025 1234.5');
  });

  it.each([
    ['UTF-8', Buffer.from('Petición de Núñez: 12 €', 'utf8')],
    ['UTF-8 with a byte-order mark', Buffer.from('\uFEFFPetición de Núñez: 12 €', 'utf8')],
    ['UTF-16LE with a mark', Buffer.from('\uFEFFPetición de Núñez: 12 €', 'utf16le')],
    ['UTF-16BE with a mark', Buffer.from('\uFEFFPetición de Núñez: 12 €', 'utf16le').swap16()],
    ['UTF-16LE without a mark', Buffer.from('Petición de Núñez: 12 €', 'utf16le')],
    ['Windows-1252', Buffer.concat([Buffer.from('Petición de Núñez: 12 ', 'latin1'), Buffer.from([0x80])])],
  ])('TXT in %s', async (_nombre, bytes) => {
    expect((await extraer(bytes, 'TXT')).texto).toBe('Petición de Núñez: 12 €');
  });

  it('CSV in Windows-1252', async () => {
    const csv = Buffer.from('expediente;interesado\n2025/000001;Peña Álvarez\n', 'latin1');
    expect((await extraer(csv, 'CSV')).texto).toBe('expediente;interesado\n2025/000001;Peña Álvarez');
  });

  it('a document with nothing to read is «sin texto»', async () => {
    expect(await extraer(docxConTexto([' ']), 'DOCX')).toMatchObject({ texto: '', sinTexto: 'no contiene texto' });
  });
});

describe('OCR in Spanish', () => {
  it('reads a PNG, accents and ñ included', async () => {
    const resultado = await extraer(await imagenConTexto(FRASE_OCR), 'PNG');
    expect(palabras(resultado.texto)).toBe(palabras(FRASE_OCR));
    expect(resultado).toMatchObject({ paginas: 1, paginasOcr: 1 });
    expect(resultado.miniatura?.ancho).toBe(240);
  });

  it('reads a JPEG', async () => {
    const resultado = await extraer(await imagenConTexto('Notificación al interesado'), 'JPEG');
    expect(plano(resultado.texto)).toBe('notificación al interesado');
  });

  it('reads both pages of a TIFF', async () => {
    const resultado = await extraer(
      await tiffDePaginas(['Primera hoja del registro', 'Segunda hoja: año de la peña']),
      'TIFF',
    );
    expect(resultado).toMatchObject({ paginas: 2, paginasOcr: 2 });
    expect(plano(resultado.texto)).toContain('primera hoja del registro');
    expect(plano(resultado.texto)).toContain('segunda hoja: año de la peña');
  });

  it('reads the pages of a scanned PDF (text drawn as an image) and only those', async () => {
    const escaneado = await extraer(await pdfEscaneado([FRASE_OCR]), 'PDF');
    expect(escaneado).toMatchObject({ paginas: 1, paginasOcr: 1 });
    expect(palabras(escaneado.texto)).toBe(palabras(FRASE_OCR));
    expect(escaneado.miniatura).toBeDefined();
  });

  it('without the Spanish model, an image is «sin texto (OCR no disponible)» and still gets its thumbnail', async () => {
    const resultado = await extraer(await imagenConTexto(FRASE_OCR), 'PNG', { tessdataDir: dir });
    expect(resultado).toMatchObject({ texto: '', sinTexto: 'OCR no disponible', paginasOcr: 0 });
    expect(resultado.miniatura).toBeDefined();
    const pdf = await extraer(await pdfEscaneado([FRASE_OCR]), 'PDF', { tessdataDir: dir });
    expect(pdf).toMatchObject({ texto: '', sinTexto: 'OCR no disponible' });
  });
});

describe('hostile files end in a permanent error, quickly', () => {
  const falla = async (promesa: Promise<unknown>, motivo: RegExp) => {
    const error = await promesa.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ErrorDeExtraccion);
    expect((error as ErrorDeExtraccion).message).toMatch(motivo);
    expect((error as ErrorDeExtraccion).permanente).toBe(true);
  };

  it('a PDF with 10.000 pages is refused before reading any page', async () => {
    await falla(extraer(pdfDeMuchasPaginas(10_000), 'PDF', { paginasMax: 2000 }), /10\.000 páginas/);
  });

  it('a DOCX whose XML expands to a gigabyte stops at 64 MB of it, whatever its headers say', async () => {
    const bomba = docxBomba(1024);
    expect(bomba.length).toBeLessThan(2 * 1024 * 1024);
    await falla(extraer(bomba, 'DOCX'), /más de 64 MB al descomprimirla/);
  });

  it('a malformed image', async () => {
    await falla(extraer(pngRoto(), 'PNG'), /dañada/);
  });

  it('an image that declares 100.000 × 100.000 pixels', async () => {
    await falla(extraer(pngDesmesurado(), 'PNG'), /desmesurado|dañada/);
  });

  it('a PDF that is not one, and one protected by a password, say so in Spanish', async () => {
    await falla(
      extraer(Buffer.from('%PDF-1.4\nbasura sin objetos'), 'PDF'),
      /^El PDF está dañado: no se puede leer su estructura\.$/,
    );
    await falla(
      extraer(pdfConContrasena(), 'PDF'),
      /^El PDF está protegido con contraseña: guárdelo sin contraseña para que se pueda leer su texto\.$/,
    );
  });
});

describe('the text as people search it', () => {
  it('a PDF whose font draws «fi» and «fl» as ligatures gives its words whole', async () => {
    const resultado = await extraer(await readFile(path.join(import.meta.dirname, 'testing/ligaduras.pdf')), 'PDF');
    expect(plano(resultado.texto)).toBe(
      'la oficina de registro firma la planificación del edificio municipal. el flujo de expedientes se revisa en la oficina de atención a la ciudadanía.',
    );
  });

  it('compatibility forms, soft hyphens and words hyphenated at a line end are written as people type them', () => {
    expect(normalizarTexto('La ﬁrma del ﬂujo')).toBe('La firma del flujo');
    expect(normalizarTexto('ＡＢＣ　１２３')).toBe('ABC 123');
    expect(normalizarTexto('adminis\u00ADtración')).toBe('administración');
    expect(normalizarTexto('la planifica-\nción del edificio')).toBe('la planificación del edificio');
    expect(normalizarTexto('Castilla-\nLa Mancha')).toBe('Castilla-\nLa Mancha');
    expect(normalizarTexto('Resolución n.º 5 de la 1.ª planta')).toBe('Resolución n.º 5 de la 1.ª planta');
  });
});
