/** A piece of a page's text as PDF.js hands it over: a run of characters where it is drawn. */
export interface TrozoDeTexto {
  str: string;
  /** The text matrix [a, b, c, d, e, f]: direction and size in a–d, position in e–f. */
  transform: number[];
  /** How far the run advances along its direction, in page units. */
  width: number;
  hasEOL: boolean;
}

/** A gap wider than this part of the font size between two runs of a line is a space between words. */
const HUECO_DE_ESPACIO = 0.15;
/** Runs whose baselines are closer than this part of the font size are on the same line. */
const MISMA_LINEA = 0.5;

/**
 * The text of a page from its runs, joined by where they are drawn: a space only where there is a
 * gap between two runs of a line, a line break where the line changes. PDF.js cuts a word into
 * runs wherever a font draws a ligature («edi» «fi» «cio»): joined with spaces, the word could not
 * be found.
 */
export function unirTrozos(trozos: readonly (TrozoDeTexto | object)[]): string {
  let texto = '';
  let anterior: { fin: number; linea: number; tamano: number } | undefined;
  for (const trozo of trozos) {
    if (!('str' in trozo)) continue;
    const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = trozo.transform;
    // Along the run's direction and across it, so that rotated text joins the same way.
    const largo = Math.hypot(a, b) || 1;
    const [dx, dy] = [a / largo, b / largo];
    const inicio = e * dx + f * dy;
    const linea = -e * dy + f * dx;
    const tamano = Math.hypot(c, d) || largo;
    if (trozo.str !== '' && anterior) {
      if (Math.abs(linea - anterior.linea) > anterior.tamano * MISMA_LINEA) {
        if (!texto.endsWith('\n')) texto += '\n';
      } else if (
        inicio - anterior.fin > anterior.tamano * HUECO_DE_ESPACIO &&
        !/\s$/.test(texto) &&
        !/^\s/.test(trozo.str)
      ) {
        texto += ' ';
      }
    }
    texto += trozo.str;
    if (trozo.str !== '') anterior = { fin: inicio + trozo.width, linea, tamano };
    if (trozo.hasEOL) {
      if (!texto.endsWith('\n')) texto += '\n';
      anterior = undefined;
    }
  }
  return texto;
}
