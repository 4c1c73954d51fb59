import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { IndiceElectronico } from '@ecodigital/contracts/documentos';
import { describe, expect, it } from 'vitest';
import fontkit from '@pdf-lib/fontkit';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PDFArray, PDFDocument, PDFRawStream, type PDFFont } from 'pdf-lib';
import { inflateSync } from 'node:zlib';
import { glifosPorPalabras, indicePdf, notaAnulacion } from './indice-pdf';

describe('notaAnulacion', () => {
  it('says when and why, for the line under the struck-through name', () => {
    expect(notaAnulacion({ fecha_anulacion: '2026-11-22T06:22:00Z', motivo_anulacion: 'Enviado por error' })).toBe(
      'Anulado el 22/11/2026: Enviado por error',
    );
    expect(notaAnulacion({ fecha_anulacion: null, motivo_anulacion: null })).toBe('Anulado');
  });
});

describe('text of the índice PDF', () => {
  const entrada = (orden: number, nombre: string): IndiceElectronico['entradas'][number] => ({
    id_documento: orden,
    id_expediente: 1,
    orden,
    nombre,
    tipo_documental: { id: 1, nombre: 'Informe' },
    mime: 'application/pdf',
    fecha_incorporacion: '2026-11-20T10:00:00Z',
    tamano: 12_345,
    formato: 'PDF',
    huella: 'a'.repeat(64),
    funcion_resumen: 'SHA-256' as const,
    hash_anterior: null,
    hash_entrada: 'b'.repeat(64),
    subido_por: { id_usuario: 1, nombre_completo: 'Gestor', username: 'gestor' },
    anulado: false,
    motivo_anulacion: null,
    fecha_anulacion: null,
    anulado_por: null,
  });

  /** What a reader copies out of the PDF (poppler's pdftotext, as a person's viewer would). */
  async function textoDe(pdf: Uint8Array): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), 'indice-pdf-'));
    try {
      await writeFile(path.join(dir, 'indice.pdf'), pdf);
      const { stdout } = await promisify(execFile)('pdftotext', ['-enc', 'UTF-8', path.join(dir, 'indice.pdf'), '-']);
      return stdout;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it('prints every glyph, whatever its code: with 150 of them some are a bracket, a backslash or an end of line in the content stream', async () => {
    const letras = Array.from(
      'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789ÁÉÍÓÚÜÑÀÈÌÒÙÂÊÎÔÛÄËÏÖÇáéíóúüñàèìòùâêîôûäëïöÿçßæœøåÆŒØÅĀāĂăĄąĆćČčĎďĐđĒēĘęĚěĞğĪīĮįİıĹĺĽľŁłŃńŇňŌōŐőŔŕŘřŚśŞşŠšŢţŤťŪūŮůŰűŲųŹźŻżŽž',
    );
    const nombres = Array.from({ length: Math.ceil(letras.length / 20) }, (_, i) =>
      letras.slice(i * 20, i * 20 + 20).join(''),
    );
    const pdf = await indicePdf({
      expediente: { id_expediente: 1, numero: 'EXP-2026-000001', asunto: 'Todas las letras' },
      generado_en: '2026-11-24T09:00:00Z',
      funcion_resumen: 'SHA-256',
      entradas: nombres.map((nombre, i) => entrada(i + 1, nombre)),
      huella_indice: 'c'.repeat(64),
    });
    const texto = await textoDe(pdf);
    expect(letras.length).toBeGreaterThan(150);
    for (const nombre of nombres) expect(texto).toContain(nombre);
    // poppler reads a raw CR inside a string as written; the standard says a reader may take it for a LF.
    const [pagina] = (await PDFDocument.load(pdf)).getPages();
    const contenidos = pagina!.node.Contents();
    if (!(contenidos instanceof PDFArray)) throw new Error('la página no lleva una lista de contenidos');
    for (let i = 0; i < contenidos.size(); i++) {
      const flujo = contenidos.lookup(i, PDFRawStream);
      expect(inflateSync(flujo.getContents()).includes(0x0d)).toBe(false);
    }
  });

  it('prints Romanian, Polish, Czech and Hungarian names as written, not as "?"', async () => {
    const nombres = ['Ștefan Țurcanu.pdf', 'Łukasz Żółć.pdf', 'Čapek Řehoř.pdf', 'Erdős Pál.pdf', 'Peñalosa Güell.pdf'];
    const pdf = await indicePdf({
      expediente: { id_expediente: 1, numero: 'EXP-2026-000001', asunto: 'Solicitud de Ștefan Łukasz' },
      generado_en: '2026-11-24T09:00:00Z',
      funcion_resumen: 'SHA-256',
      entradas: nombres.map((nombre, i) => entrada(i + 1, nombre)),
      huella_indice: 'c'.repeat(64),
    });
    const texto = await textoDe(pdf);
    for (const nombre of [...nombres, 'Solicitud de Ștefan Łukasz']) expect(texto).toContain(nombre);
    expect(texto).not.toContain('?');
  });
});

describe('glifosPorPalabras (each word shaped once per PDF)', () => {
  const require = createRequire(import.meta.url);
  const CARAS = [
    'DejaVuSansCondensed.ttf',
    'DejaVuSansCondensed-Bold.ttf',
    'DejaVuSansCondensed-Oblique.ttf',
    'DejaVuSansMono.ttf',
  ];
  const TEXTOS = [
    'Informe final de la oficina: fi ffi ffl fl -> <= != ... «Núñez Peña» ½ Œuvre æther',
    'Ștefan Țurcanu, Łukasz Żółć, Čapek Řehoř, Erdős Pál: Resolución nº 1234 del Servicio de Urbanismo',
    '29/11/2026 03:12   12.345,6 KB  0,5 MB  -17  1/2 3:45 2026-11-29',
    '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 ABCDEF0123456789',
    "l'affiche officielle  difficile   (texto con\tespacios\ny saltos)",
    'Resolución nº 1234.pdf fi1fi ffi2ffl 1st H2O 2fi 3ff 4ffl 12.pdf 7º 1ª ½2 1/2fi x²3 Œ9æ ff caffe deaf 3ff0ffa',
  ];
  const ids = (font: PDFFont, texto: string) =>
    (font as unknown as { embedder: { font: { layout(t: string): { glyphs: { id: number }[] } } } }).embedder.font
      .layout(texto)
      .glyphs.map((glifo) => glifo.id);

  it('gives the same glyphs as shaping the whole text, on the four faces of the índice', async () => {
    for (const cara of CARAS) {
      const pdf = await PDFDocument.create();
      pdf.registerFontkit(fontkit);
      const font = await pdf.embedFont(await readFile(require.resolve(`dejavu-fonts-ttf/ttf/${cara}`)), {
        subset: true,
      });
      const enteros = TEXTOS.map((texto) => ids(font, texto));
      glifosPorPalabras(font);
      // Twice: the second time from the cache.
      for (let vuelta = 0; vuelta < 2; vuelta++) {
        TEXTOS.forEach((texto, i) => expect(ids(font, texto), `${cara}: ${texto}`).toEqual(enteros[i]));
      }
      expect(font.widthOfTextAtSize(TEXTOS[0]!, 8)).toBeGreaterThan(0);
    }
  });
});
