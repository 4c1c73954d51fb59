import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { herramienta } from '../eni/testing/tools';
import { samplePdf, samplePng } from '../documentos/inspection/testing/sample-files';
import { copiaEstampada, OriginalIlegible } from './copia-pdf';
import { Foliado, leerPdf, type DocumentoNombrado } from './foliado-pdf';
import { pdfCifrado } from './testing/pdfs';

/** A PDF of `paginas` pages, the second one turned a quarter (/Rotate 90). */
async function pdfDePaginas(paginas: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < paginas; i++) pdf.addPage([400, 600]);
  if (paginas > 1) pdf.getPage(1).setRotation({ type: 'degrees' as never, angle: 90 } as never);
  return pdf.save();
}

const DOCUMENTO: DocumentoNombrado = {
  orden: 3,
  nombre: 'Memoria técnica.docx',
  tipo_documental: 'Informe',
  formato: 'DOCX',
  tamano: 12_345,
  huella: 'ab'.repeat(32),
  fecha_incorporacion: new Date('2026-03-05T10:00:00Z'),
};

describe('the foliated PDF and the stamped copy, as PDFs (pdf-lib, read back with pdftotext)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'foliado-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** The text of each page, as poppler reads it. */
  async function paginasDeTexto(pdf: Uint8Array, nombre: string): Promise<string[]> {
    const archivo = path.join(dir, nombre);
    await writeFile(archivo, pdf);
    const { ok, salida } = await herramienta('pdftotext', ['-enc', 'UTF-8', archivo, '-']);
    expect(ok, salida).toBe(true);
    return salida.split('\f').slice(0, -1);
  }

  /** A PDF read by `leerPdf`, which must read it. */
  async function legible(bytes: Uint8Array): Promise<PDFDocument> {
    const pdf = await leerPdf(bytes);
    expect(pdf).toBeDefined();
    return pdf!;
  }

  /** Everything the foliated PDF wrote, in order. */
  async function escrito(foliado: Foliado, antes: Buffer[]): Promise<Buffer> {
    return Buffer.concat([...antes, ...foliado.volcar(), ...(await foliado.terminar())]);
  }

  it('refuses encrypted, broken and empty PDFs without throwing, adding nothing', async () => {
    expect(await leerPdf(pdfCifrado())).toBeUndefined();
    expect(await leerPdf(Buffer.from('%PDF-1.4\nesto no es un PDF'))).toBeUndefined();
    expect(await leerPdf(new Uint8Array())).toBeUndefined();
    expect(
      await leerPdf(await PDFDocument.create().then((pdf) => pdf.save({ addDefaultPage: false }))),
    ).toBeUndefined();
    const foliado = await Foliado.crear('EXP-2026-000001', 'Prueba', 0);
    expect(await foliado.anadirImagen(Buffer.from('no es un PNG'), 'PNG', DOCUMENTO)).toBe(false);
    expect(foliado.paginas).toBe(0);
  });

  it('numbers every page «Folio n de N · Expediente <número>», rotated pages included, and writes each part as it goes', async () => {
    const foliado = await Foliado.crear('EXP-2026-000001', 'Prueba', 6);
    const partes: Buffer[] = [];
    await foliado.anadirPdf(await legible(samplePdf('Primera resolucion')));
    partes.push(...foliado.volcar());
    // The first document's page is out (its content stream copied as it was) before the next goes in.
    expect(Buffer.concat(partes).toString('latin1')).toContain('(Primera resolucion) Tj');
    await foliado.anadirPdf(await legible(await pdfDePaginas(3)));
    partes.push(...foliado.volcar());
    expect(
      await foliado.anadirImagen(samplePng({ width: 40, height: 20 }), 'PNG', { ...DOCUMENTO, nombre: 'Plano.png' }),
    ).toBe(true);
    foliado.anadirAviso(DOCUMENTO, 'Documento en formato DOCX, que no se presenta en PDF.');
    const pdf = await escrito(foliado, partes);

    const archivo = path.join(dir, 'foliado.pdf');
    await writeFile(archivo, pdf);
    // poppler reads it through its cross-reference table without repairing anything.
    const info = await herramienta('pdfinfo', [archivo]);
    expect(info.ok, info.salida).toBe(true);
    expect(info.salida).not.toMatch(/error/i);
    expect(info.salida).toMatch(/^Pages:\s+6$/m);
    expect(info.salida).toMatch(/^Title:\s+Prueba$/m);
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(6);
    const paginas = await paginasDeTexto(pdf, 'foliado-texto.pdf');
    expect(paginas).toHaveLength(6);
    paginas.forEach((texto, i) => expect(texto).toContain(`Folio ${i + 1} de 6 · Expediente EXP-2026-000001`));
    expect(paginas[0]).toContain('Primera resolucion');
    expect(paginas[4]).toContain('Documento nº 3: Plano.png');
    expect(paginas[5]).toContain('Documento nº 3: Memoria técnica.docx');
    expect(paginas[5]).toContain('ab'.repeat(32));
    expect(paginas[5]).toContain('Informe');
  });

  it('never writes other than the N folios it numbered', async () => {
    const corto = await Foliado.crear('EXP-2026-000001', 'Prueba', 2);
    corto.anadirAviso(DOCUMENTO, 'Uno.');
    await expect(corto.terminar()).rejects.toThrow(/1 páginas y se numeraron 2 folios/);
    const largo = await Foliado.crear('EXP-2026-000001', 'Prueba', 1);
    largo.anadirAviso(DOCUMENTO, 'Uno.');
    expect(() => largo.anadirAviso(DOCUMENTO, 'Dos.')).toThrow(/pasa de los 1 folios/);
  });

  it('stamps every page of the copy with the code, the address and the date, below what the page showed', async () => {
    const datos = {
      csv: 'ABCD-EFGH-JKLM-NPQR-STUV-WXYZ-2345',
      url: 'https://sede.ejemplo.es/verificacion/ABCD-EFGH-JKLM-NPQR-STUV-WXYZ-2345',
      fecha: new Date('2026-11-29T10:00:00Z'),
      numeroExpediente: 'EXP-2026-000007',
      documento: { orden: 2, nombre: 'Resolución.pdf' },
    };
    const { pdf, paginas } = await copiaEstampada(await pdfDePaginas(3), 'PDF', datos);
    expect(paginas).toBe(3);
    const leido = await PDFDocument.load(pdf);
    // The page grew by the band: the original's 600 points are all still shown.
    expect(leido.getPage(0).getCropBox().height).toBeGreaterThan(600);
    const textos = await paginasDeTexto(pdf, 'copia.pdf');
    expect(textos).toHaveLength(3);
    for (const texto of textos) {
      expect(texto).toContain('ABCD-EFGH-JKLM-NPQR-STUV-WXYZ-2345');
      expect(texto.replace(/\s+/g, '')).toContain(datos.url);
      expect(texto).toContain('29/11/2026');
      expect(texto).toContain('Copia auténtica');
    }
    const imagen = await copiaEstampada(samplePng({ width: 30, height: 30 }), 'PNG', datos);
    expect(imagen.paginas).toBe(1);
    await expect(copiaEstampada(pdfCifrado(), 'PDF', datos)).rejects.toBeInstanceOf(OriginalIlegible);
  });
});
