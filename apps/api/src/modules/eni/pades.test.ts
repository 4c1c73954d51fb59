import { describe, expect, it } from 'vitest';
import { firmaDelPdf } from './pades';

/** A PDF-shaped buffer signed once: `/ByteRange` around a `/Contents` placeholder holding `der`, padded with zeros. */
function pdfConFirma(der: Buffer, hueco = 64): Buffer {
  const antes = '%PDF-1.7\n1 0 obj << /Type /Sig /ByteRange [0 AAAAAAAAAA BBBBBBBBBB CCCCCCCCCC] /Contents ';
  const contenidos = `<${der.toString('hex').padEnd(hueco * 2, '0')}>`;
  const despues = ' >> endobj\n%%EOF\n';
  const total = antes.length + contenidos.length + despues.length;
  const finPrimero = antes.length;
  const inicioSegundo = finPrimero + contenidos.length;
  const texto = (antes + contenidos + despues)
    .replace('AAAAAAAAAA', String(finPrimero).padEnd(10, ' '))
    .replace('BBBBBBBBBB', String(inicioSegundo).padEnd(10, ' '))
    .replace('CCCCCCCCCC', String(total - inicioSegundo).padEnd(10, ' '));
  return Buffer.from(texto, 'latin1');
}

describe('firmaDelPdf', () => {
  it('keeps a last byte 0 of the signature: its length comes from its DER header, not from the padding', () => {
    // A SEQUENCE holding an OCTET STRING of one 0 byte: it ends in 0, as one signature in 256 does.
    const der = Buffer.from([0x30, 0x03, 0x04, 0x01, 0x00]);
    expect(firmaDelPdf(pdfConFirma(der)).firma).toEqual(der);
  });

  it('reads long-form lengths, and refuses a signature cut short', () => {
    const contenido = Buffer.alloc(300, 0);
    const der = Buffer.concat([Buffer.from([0x30, 0x82, 0x01, 0x2c]), contenido]);
    expect(firmaDelPdf(pdfConFirma(der, 400)).firma).toEqual(der);
    expect(() => firmaDelPdf(pdfConFirma(Buffer.from([0x30, 0x82, 0x10, 0x00, 0x01]), 8))).toThrow(/cortada/);
  });

  it('gives the bytes the signature covers: all but the placeholder', () => {
    const pdf = pdfConFirma(Buffer.from([0x30, 0x00]));
    const { firmado } = firmaDelPdf(pdf);
    const texto = firmado.toString('latin1');
    expect(texto.startsWith('%PDF-1.7')).toBe(true);
    expect(texto.endsWith('%%EOF\n')).toBe(true);
    expect(texto).not.toContain('<30');
  });
});
