import { execFileSync } from 'node:child_process';
import jsQR from 'jsqr';
import { degrees, PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { copiaEstampada, type DatosEstampa } from './copia-pdf';

const datos: DatosEstampa = {
  csv: 'ABCD-EFGH-JKLM-NPQR-STUV-WXYZ-2345',
  url: 'https://sede.ejemplo.es/verificacion?csv=ABCDEFGHJKLMNPQRSTUVWXYZ2345',
  fecha: new Date('2026-11-29T10:15:00Z'),
  numeroExpediente: 'EXP-2026-000123',
  documento: { orden: 3, nombre: 'Resolución de concesión.pdf' },
};

async function original(rotacion = 0): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).setRotation(degrees(rotacion));
  pdf.addPage([842, 595]);
  return pdf.save();
}

/** What a phone pointed at the printed page reads: page `n` drawn by poppler, the QR decoded by jsQR. */
async function qrDeLaPagina(pdf: Uint8Array, n: number): Promise<string | undefined> {
  const png = execFileSync('pdftoppm', ['-png', '-r', '150', '-f', String(n), '-l', String(n), '-'], {
    input: pdf,
    maxBuffer: 64 * 1024 * 1024,
  });
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
}

describe('copiaEstampada', () => {
  it('prints on every page a QR code that reads back as the verification address', async () => {
    const { pdf, paginas } = await copiaEstampada(await original(), 'PDF', datos);
    expect(paginas).toBe(2);
    expect(await qrDeLaPagina(pdf, 1)).toBe(datos.url);
    expect(await qrDeLaPagina(pdf, 2)).toBe(datos.url);
  });

  it('keeps the QR code readable on a page the original shows rotated', async () => {
    const { pdf } = await copiaEstampada(await original(90), 'PDF', datos);
    expect(await qrDeLaPagina(pdf, 1)).toBe(datos.url);
  });
});
