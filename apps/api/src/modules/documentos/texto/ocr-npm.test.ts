import { afterAll, describe, expect, it } from 'vitest';
import { tessdataPorDefecto } from '../../../config';
import { cerrarOcr, ocrDisponible, reconocerTexto } from './ocr';
import { imagenConTexto } from './testing/archivos-con-texto';

const FRASE = 'Resolución de la señora Muñoz sobre el quiosco de la plaza Mayor.';
const palabras = (texto: string) =>
  texto
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
    ?.join(' ') ?? '';

afterAll(cerrarOcr);

describe('OCR with nothing but npm', () => {
  it('without Debian’s tesseract-ocr-spa, the default model is the one published on npm, and it reads Spanish', async () => {
    const modelo = tessdataPorDefecto('/no/existe/tessdata');
    expect(modelo).toMatch(/@tesseract\.js-data\/spa/);
    expect(await ocrDisponible(modelo)).toBe(true);
    expect(palabras(await reconocerTexto(await imagenConTexto(FRASE), modelo, { memoriaMb: 512, cpuS: 60 }))).toBe(
      palabras(FRASE),
    );
  });

  it('prefers Debian’s model where it is installed', () => {
    expect(tessdataPorDefecto('/usr/share/tesseract-ocr/5/tessdata')).toBe('/usr/share/tesseract-ocr/5/tessdata');
  });
});
