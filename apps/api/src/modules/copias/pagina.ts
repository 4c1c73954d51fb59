import fontkit from '@pdf-lib/fontkit';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { degrees, PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * What the foliated PDF and the copia auténtica share: the DejaVu faces (embedded and subset, so every
 * Latin letter prints as written and `pdftotext` reads it back), and drawing at the page's visual
 * bottom whatever its /Rotate, so a folio or a stamp reads upright on a landscape scan too.
 */

const require = createRequire(import.meta.url);

let caras: Promise<{ normal: Uint8Array; negrita: Uint8Array; mono: Uint8Array }> | undefined;

function leerCaras() {
  const leer = (archivo: string) => readFile(require.resolve(`dejavu-fonts-ttf/ttf/${archivo}`));
  caras ??= (async () => ({
    normal: await leer('DejaVuSansCondensed.ttf'),
    negrita: await leer('DejaVuSansCondensed-Bold.ttf'),
    mono: await leer('DejaVuSansMono.ttf'),
  }))();
  caras.catch(() => (caras = undefined));
  return caras;
}

export interface Fuentes {
  normal: PDFFont;
  negrita: PDFFont;
  mono: PDFFont;
}

export async function incrustarFuentes(pdf: PDFDocument): Promise<Fuentes> {
  pdf.registerFontkit(fontkit);
  const bytes = await leerCaras();
  return {
    normal: await pdf.embedFont(bytes.normal, { subset: true }),
    negrita: await pdf.embedFont(bytes.negrita, { subset: true }),
    mono: await pdf.embedFont(bytes.mono, { subset: true }),
  };
}

/** The text with every character the font lacks replaced by "?" (pdf-lib would throw). */
export function representable(fuente: PDFFont, texto: string): string {
  const conjunto = new Set(fuente.getCharacterSet());
  return Array.from(texto, (caracter) => (conjunto.has(caracter.codePointAt(0)!) ? caracter : '?')).join('');
}

/** Lines of at most `ancho` points, broken at spaces (a word longer than a line is cut). */
export function partirLineas(texto: string, fuente: PDFFont, tamano: number, ancho: number): string[] {
  const lineas: string[] = [];
  let actual = '';
  for (const palabra of texto.split(/\s+/).filter(Boolean)) {
    const candidata = actual ? `${actual} ${palabra}` : palabra;
    if (fuente.widthOfTextAtSize(candidata, tamano) <= ancho) {
      actual = candidata;
      continue;
    }
    if (actual) lineas.push(actual);
    let resto = palabra;
    while (fuente.widthOfTextAtSize(resto, tamano) > ancho && resto.length > 1) {
      let corte = resto.length - 1;
      while (corte > 1 && fuente.widthOfTextAtSize(resto.slice(0, corte), tamano) > ancho) corte--;
      lineas.push(resto.slice(0, corte));
      resto = resto.slice(corte);
    }
    actual = resto;
  }
  if (actual) lineas.push(actual);
  return lineas.length ? lineas : [''];
}

export const A4: [number, number] = [595.28, 841.89];
export const GRIS = rgb(0.3, 0.3, 0.3);

const rotacion = (pagina: PDFPage) => (((pagina.getRotation().angle % 360) + 360) % 360) as 0 | 90 | 180 | 270;

/** The page as it is shown: width and height once /Rotate is applied. */
export function tamanoVisible(pagina: PDFPage): { ancho: number; alto: number } {
  const { width, height } = pagina.getCropBox();
  return rotacion(pagina) % 180 === 0 ? { ancho: width, alto: height } : { ancho: height, alto: width };
}

/**
 * A point given from the visible bottom-left corner, in the page's own coordinates, with the angle that
 * makes what is drawn there read upright.
 */
export function puntoVisible(
  pagina: PDFPage,
  vx: number,
  vy: number,
): { x: number; y: number; rotate: ReturnType<typeof degrees> } {
  const { x, y, width, height } = pagina.getCropBox();
  const angulo = rotacion(pagina);
  switch (angulo) {
    case 90:
      return { x: x + width - vy, y: y + vx, rotate: degrees(90) };
    case 180:
      return { x: x + width - vx, y: y + height - vy, rotate: degrees(180) };
    case 270:
      return { x: x + vy, y: y + height - vx, rotate: degrees(270) };
    case 0:
      return { x: x + vx, y: y + vy, rotate: degrees(0) };
  }
}

/**
 * Adds `alto` points below what the page shows (its media and crop boxes grow on the visible bottom),
 * so a stamp placed there covers nothing of the original.
 */
export function ampliarAbajo(pagina: PDFPage, alto: number): void {
  const { x, y, width, height } = pagina.getCropBox();
  const caja = (() => {
    switch (rotacion(pagina)) {
      case 90:
        return { x, y, width: width + alto, height };
      case 180:
        return { x, y, width, height: height + alto };
      case 270:
        return { x: x - alto, y, width: width + alto, height };
      case 0:
        return { x, y: y - alto, width, height: height + alto };
    }
  })();
  pagina.setMediaBox(caja.x, caja.y, caja.width, caja.height);
  pagina.setCropBox(caja.x, caja.y, caja.width, caja.height);
  pagina.setTrimBox(caja.x, caja.y, caja.width, caja.height);
  pagina.setBleedBox(caja.x, caja.y, caja.width, caja.height);
  pagina.setArtBox(caja.x, caja.y, caja.width, caja.height);
}
