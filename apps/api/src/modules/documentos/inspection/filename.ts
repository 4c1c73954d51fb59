/**
 * The client's filename as it may be shown and offered on download: never used to store or
 * find a file. Path parts, control and invisible format characters (NUL, bidi overrides that
 * turn "\u202Egnp.exe" into "exe.png" on screen, zero-width marks) are removed; letters such as
 * ñ and á are kept, in NFC.
 *
 * The name comes from whoever uploads, so every step is linear in its length, and the name is cut
 * to a bounded size before any pattern runs over it.
 */

export const FALLBACK_FILENAME = 'documento';
/** What the `documento.nombre` column holds, in characters. */
export const MAX_FILENAME_LENGTH = 200;
/** What file systems and `Content-Disposition` consumers expect of one name. */
export const MAX_FILENAME_BYTES = 255;
/** Characters of the last path part looked at; anything past this is cut before normalising. */
const MAX_EXAMINED_LENGTH = 1024;
const EXTENSION = /\.[\p{L}\p{N}]{1,16}$/u;
const MAX_EXTENSION_LENGTH = 17;

/** Cc: controls (NUL, C1); Cf: format characters (bidi marks, zero-width, BOM, soft hyphen); Cs: lone surrogates; Co: private use. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}]/gu;
const LINE_BREAKS = /[\t\n\r\v\f\u2028\u2029]/g;
const ANY_SPACE = /\p{White_Space}+/gu;
const ONE_SPACE = /^\p{White_Space}$/u;

export function normaliseFilename(raw: string): string {
  const lastPart = raw.slice(Math.max(raw.lastIndexOf('/'), raw.lastIndexOf('\\')) + 1);
  const examined = keepStartAndExtension(lastPart, MAX_EXAMINED_LENGTH);
  const visible = examined.replace(LINE_BREAKS, ' ').replace(INVISIBLE, '');
  const tidy = trimDotsAndSpaces(visible.normalize('NFC').replace(ANY_SPACE, ' '));
  return limitLength(tidy) || FALLBACK_FILENAME;
}

/** Cuts a UTF-16 string to `maxUnits`, keeping a short extension found in its last characters. */
function keepStartAndExtension(name: string, maxUnits: number): string {
  if (name.length <= maxUnits) return name;
  const extension = EXTENSION.exec(name.slice(-MAX_EXTENSION_LENGTH))?.[0] ?? '';
  return name.slice(0, maxUnits - extension.length) + extension;
}

function isDotOrSpace(character: string | undefined): boolean {
  return character === '.' || (character !== undefined && ONE_SPACE.test(character));
}

/** Walks in from both ends once: a pattern such as `[.\s]+$` retries from every dot and is quadratic. */
function trimDotsAndSpaces(name: string): string {
  let start = 0;
  let end = name.length;
  while (start < end && isDotOrSpace(name[start])) start++;
  while (end > start && isDotOrSpace(name[end - 1])) end--;
  return name.slice(start, end);
}

const utf8Length = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * At most `MAX_FILENAME_LENGTH` characters and `MAX_FILENAME_BYTES` bytes, cut on character
 * boundaries, keeping a short extension, so "informe….pdf" stays a PDF name.
 */
function limitLength(name: string): string {
  const characters = Array.from(name);
  if (characters.length <= MAX_FILENAME_LENGTH && utf8Length(name) <= MAX_FILENAME_BYTES) return name;
  const extension = EXTENSION.exec(name.slice(-MAX_EXTENSION_LENGTH))?.[0] ?? '';
  let budgetCharacters = MAX_FILENAME_LENGTH - extension.length;
  let budgetBytes = MAX_FILENAME_BYTES - utf8Length(extension);
  const kept: string[] = [];
  for (const character of characters) {
    const bytes = utf8Length(character);
    if (budgetCharacters < 1 || budgetBytes < bytes) break;
    kept.push(character);
    budgetCharacters -= 1;
    budgetBytes -= bytes;
  }
  return `${trimDotsAndSpaces(kept.join(''))}${extension}`;
}
