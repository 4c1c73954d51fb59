// How free text people type is cleaned before any rule looks at it: the same function in the web
// forms and in the API (which applies it to every string of every JSON body before validating it),
// so a name made of spaces or invisible characters is empty everywhere, not only where someone
// remembered to trim.

/** One line (names, asuntos, codes) or paragraphs (descripciones, motivos: line breaks are kept). */
export type FormaTexto = 'linea' | 'parrafos';

/**
 * The schema keyword (an OpenAPI extension) that marks a body field as paragraphs; every other
 * string of a body is one line.
 */
export const MARCA_PARRAFOS = 'x-parrafos';

/**
 * Characters that draw nothing: controls, the Unicode format characters (zero-width space and
 * joiners, word joiner, BOM, soft hyphen, bidirectional controls), the combining grapheme joiner,
 * the invisible Khmer vowels and Hangul fillers, and unpaired surrogates.
 */
const INVISIBLES = /[\p{Cc}\p{Cf}\u115F\u1160\u3164\uFFA0\uD800-\uDFFF]|\u034F|\u17B4|\u17B5/gu;
/** Controls that are spaces or line breaks: they are handled as such, not dropped. */
const CONTROLES_DE_ESPACIO = new Set(['\t', '\n', '\v', '\f', '\r', '\u0085']);

/** Any space, tab or line break, including the no-break and typographic spaces and the braille blank. */
const ESPACIOS = /[\s\u0085\u2800]+/gu;
const SALTOS = /\r\n?|[\u0085\u2028\u2029]/g;

/**
 * `texto` as it is kept: without invisible characters, in Unicode NFC (an «é» typed as «e» plus an
 * accent is the same «é»), without spaces at either end. One line collapses every run of spaces and
 * line breaks into one space; paragraphs keep what was typed inside a line, lose the spaces at the
 * end of each line and keep at most one blank line between paragraphs.
 */
export function normalizarTexto(texto: string, forma: FormaTexto = 'linea'): string {
  const visible = texto.replace(INVISIBLES, (caracter) => (CONTROLES_DE_ESPACIO.has(caracter) ? caracter : ''));
  const limpio =
    forma === 'linea'
      ? visible.replace(ESPACIOS, ' ')
      : visible
          .replace(SALTOS, '\n')
          .split('\n')
          .map((linea) => linea.trimEnd())
          .join('\n')
          .replace(/\n{3,}/g, '\n\n');
  return limpio.normalize('NFC').trim();
}

/** Length as the API's limits count it: characters (code points), not UTF-16 units. */
export const longitudTexto = (texto: string): number => [...texto].length;
