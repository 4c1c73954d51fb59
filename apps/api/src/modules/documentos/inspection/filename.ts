/**
 * The client's filename as it may be shown and offered on download: never used to store or
 * find a file. Path parts, control and invisible format characters (NUL, bidi overrides that
 * turn "\u202Egnp.exe" into "exe.png" on screen, zero-width marks) are removed; letters such as
 * ñ and á are kept, in NFC.
 */

export const FALLBACK_FILENAME = 'documento';
export const MAX_FILENAME_LENGTH = 200;
const EXTENSION = /\.[\p{L}\p{N}]{1,16}$/u;

/** Cc: controls (NUL, C1); Cf: format characters (bidi marks, zero-width, BOM, soft hyphen); Cs: lone surrogates; Co: private use. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}]/gu;
const ANY_SPACE = /[\p{White_Space}]+/gu;

export function normaliseFilename(raw: string): string {
  const visible = raw.replace(/[\t\n\r\v\f\u2028\u2029]/g, ' ').replace(INVISIBLE, '');
  const lastPart = visible.split(/[/\\]/).pop() ?? '';
  const tidy = trimDotsAndSpaces(lastPart.normalize('NFC').replace(ANY_SPACE, ' '));
  return limitLength(tidy) || FALLBACK_FILENAME;
}

function trimDotsAndSpaces(name: string): string {
  return name.replace(/^[.\s]+|[.\s]+$/g, '');
}

/** Cuts on character boundaries and keeps a short extension, so "informe….pdf" stays a PDF name. */
function limitLength(name: string): string {
  const characters = Array.from(name);
  if (characters.length <= MAX_FILENAME_LENGTH) return name;
  const extension = EXTENSION.exec(name)?.[0] ?? '';
  const base = trimDotsAndSpaces(characters.slice(0, MAX_FILENAME_LENGTH - Array.from(extension).length).join(''));
  return `${base}${extension}`;
}
