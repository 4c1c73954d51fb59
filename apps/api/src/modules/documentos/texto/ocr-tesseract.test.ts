import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { tessdataPorDefecto } from '../../../config';
import { cerrarOcr, motorOcr, reconocerTexto } from './ocr';
import { imagenConTexto } from './testing/archivos-con-texto';

const FRASE = 'Resolución de la señora Muñoz sobre el quiosco de la plaza Mayor.';
const palabras = (texto: string) =>
  texto
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
    ?.join(' ') ?? '';
const DEBIAN = '/usr/share/tesseract-ocr/5/tessdata';
const LIMITES = { memoriaMb: 512, cpuS: 60 };

afterAll(cerrarOcr);

/** The test machine has Debian's tesseract-ocr-spa: `.ci/run` and the production image install it. */
describe('OCR by Debian’s tesseract program', () => {
  it('reads with the program where it and the plain model are installed, and reads Spanish', async () => {
    expect(execFileSync('tesseract', ['--version'], { encoding: 'utf8' })).toMatch(/^tesseract 5/);
    const modelo = tessdataPorDefecto(DEBIAN);
    expect(await motorOcr(modelo)).toBe('tesseract');
    expect(palabras(await reconocerTexto(await imagenConTexto(FRASE), modelo, LIMITES))).toBe(palabras(FRASE));
  });

  it('keeps tesseract.js for the gzipped model from npm, which the program cannot read', async () => {
    expect(await motorOcr(tessdataPorDefecto('/no/existe/tessdata'))).toBe('tesseract.js');
    expect(await motorOcr('/no/existe/tessdata')).toBeUndefined();
  });

  it('a page the program cannot read is an extraction error in Spanish, not a crash', async () => {
    const error = await reconocerTexto(Buffer.from('no es una imagen'), tessdataPorDefecto(DEBIAN), LIMITES).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      name: 'ErrorDeExtraccion',
      message: 'No se pudo leer el texto de la imagen por OCR.',
    });
  });

  it('a page that needs more memory than the extraction allows says so, under the kernel limit', async () => {
    // 8.000 × 8.000 grey pixels: 64 MB once decoded, before Tesseract's own work on them.
    const enorme = await sharp({ create: { width: 8_000, height: 8_000, channels: 3, background: '#ffffff' } })
      .greyscale()
      .png()
      .toBuffer();
    const error = await reconocerTexto(enorme, tessdataPorDefecto(DEBIAN), { memoriaMb: 128, cpuS: 60 }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      name: 'ErrorDeExtraccion',
      message: 'No se pudo leer una página por OCR con 128 MB de memoria.',
      permanente: true,
    });
  });
});
