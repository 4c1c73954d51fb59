import type { Formato } from '@ecodigital/contracts/documentos';
import type { LimitesHerramienta } from './limites-proceso';

/** What the extraction of one document gives back to the queue. */
export interface ResultadoExtraccion {
  /** The text, normalised (see `normalizarTexto`); empty when none was found. */
  texto: string;
  /** Pages (PDF, TIFF) or 1 (any other file). */
  paginas: number;
  /** Pages or images read by OCR. */
  paginasOcr: number;
  /** Why there is no text (Spanish), when `texto` is empty. */
  sinTexto?: string;
  /** A JPEG of the first page (PDF) or of the image. */
  miniatura?: Miniatura;
}

export interface Miniatura {
  imagen: Uint8Array;
  ancho: number;
  alto: number;
}

/** The limits one extraction obeys inside its process (time and memory are enforced from outside). */
export interface OpcionesExtraccion {
  formato: Formato;
  paginasMax: number;
  /** Folder of `spa.traineddata`; OCR is skipped when the file is not there. */
  tessdataDir: string;
  /** A page is drawn for OCR at 200 ppp, or less so that it stays within this many megapixels. */
  megapixelesMax: number;
  /** What each tool it runs (pdftoppm, tesseract) may use, enforced by the kernel. */
  herramientas: LimitesHerramienta;
}

/**
 * The file cannot be read. `permanente`: reading it again would fail the same way (too many
 * pages, a malformed file); otherwise the queue tries again, up to its limit of attempts.
 */
export class ErrorDeExtraccion extends Error {
  override name = 'ErrorDeExtraccion';
  constructor(
    message: string,
    readonly permanente: boolean,
  ) {
    super(message);
  }
}

/** Text kept per document: about 150.000 words, far past any real resolución or informe. */
const TEXTO_MAX_CARACTERES = 1_000_000;

// U+E000 and U+E001 mark the highlighted words of search fragments; the text must not hold them.
// eslint-disable-next-line no-control-regex
const NO_TEXTO = /[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F\uE000\uE001\uFFFE\uFFFF]/g;

/**
 * The text as people search it: Unicode compatibility forms written as their plain letters (the
 * ligature «ﬁ» as «fi», full-width letters, spaces of every width), without soft hyphens, a word
 * hyphenated at the end of a line written whole again, without control characters or the highlight
 * markers, blank runs folded, at most `TEXTO_MAX_CARACTERES`. «º» and «ª» stay: Spanish writes
 * «n.º» and «1.ª» with them.
 */
export function normalizarTexto(texto: string): string {
  const limpio = texto
    .replace(/[^ºª]+/gu, (tramo) => tramo.normalize('NFKC'))
    .replace(NO_TEXTO, ' ')
    .replace(/\u00AD/g, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\f\v\u00A0\u2000-\u200A\u202F\u205F\u3000]+/g, ' ')
    .replace(/ *\n[\s]*\n\s*/g, '\n\n')
    .replace(/ *\n */g, '\n')
    // «adminis-» at the end of a line and «tración» at the start of the next: one word.
    .replace(/(\p{Ll})[-\u2010]\n(\p{Ll})/gu, '$1$2')
    .trim();
  if (limpio.length <= TEXTO_MAX_CARACTERES) return limpio;
  // Never cut a surrogate pair in two.
  const corte = /[\uD800-\uDBFF]/.test(limpio[TEXTO_MAX_CARACTERES - 1]!)
    ? TEXTO_MAX_CARACTERES - 1
    : TEXTO_MAX_CARACTERES;
  return limpio.slice(0, corte);
}
