import iconv from 'iconv-lite';

export type Codificacion = 'UTF-8' | 'UTF-16LE' | 'UTF-16BE' | 'Windows-1252';

/**
 * The three encodings text files reach a Spanish office in, told apart exactly rather than guessed:
 * a byte-order mark; else valid UTF-8; else UTF-16 without a mark when, in the first 64 KiB, one
 * byte of (nearly) every pair is zero (Latin text); else Windows-1252 (the Windows "ANSI" of Spain,
 * a superset of ISO-8859-1).
 */
export function detectarCodificacion(bytes: Uint8Array): Codificacion {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'UTF-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'UTF-16LE';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'UTF-16BE';
  const utf16 = utf16SinMarca(bytes);
  if (utf16) return utf16;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'UTF-8';
  } catch {
    return 'Windows-1252';
  }
}

function utf16SinMarca(bytes: Uint8Array): 'UTF-16LE' | 'UTF-16BE' | undefined {
  const muestra = Math.min(bytes.length, 64 * 1024) & ~1;
  if (muestra < 4) return undefined;
  let cerosPares = 0;
  let cerosImpares = 0;
  for (let i = 0; i < muestra; i += 2) {
    if (bytes[i] === 0) cerosPares++;
    if (bytes[i + 1] === 0) cerosImpares++;
  }
  const pares = muestra / 2;
  if (cerosImpares >= pares * 0.9 && cerosPares < pares * 0.1) return 'UTF-16LE';
  if (cerosPares >= pares * 0.9 && cerosImpares < pares * 0.1) return 'UTF-16BE';
  return undefined;
}

const ETIQUETAS: Record<Codificacion, string> = {
  'UTF-8': 'utf-8',
  'UTF-16LE': 'utf-16le',
  'UTF-16BE': 'utf-16be',
  'Windows-1252': 'windows-1252',
};

/** The text of a TXT or CSV file in whichever of the three encodings it is (the mark dropped). */
export function decodificarTexto(bytes: Uint8Array): { texto: string; codificacion: Codificacion } {
  const codificacion = detectarCodificacion(bytes);
  // Node's TextDecoder reads "windows-1252" as ISO-8859-1 (0x80 would not be «€»): iconv-lite for it.
  // Not fatal: a stray invalid sequence becomes U+FFFD instead of losing the whole file.
  const texto =
    codificacion === 'Windows-1252'
      ? iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'windows-1252')
      : new TextDecoder(ETIQUETAS[codificacion]).decode(bytes);
  return { texto, codificacion };
}
