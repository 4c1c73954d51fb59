/**
 * Opaque keyset cursor of the list: the `claves_orden` of the last row of a page (see
 * `expedientes.query.ts`), as base64url JSON. Sent back as `cursor` to read the rows after it.
 */
export function encodeCursor(claves: readonly string[]): string {
  return Buffer.from(JSON.stringify(claves), 'utf8').toString('base64url');
}

/** The keys in a cursor, or null when the text is not one this API produced. */
export function decodeCursor(cursor: string): string[] | null {
  try {
    const claves: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(claves) || claves.length === 0 || claves.length > 4) return null;
    return claves.every((clave) => typeof clave === 'string' && clave.length <= 500) ? claves : null;
  } catch {
    return null;
  }
}
