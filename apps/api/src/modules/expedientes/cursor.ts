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

const ENTERO = /^-?\d{1,19}$/;
const LIMITES_ENTERO: Record<string, bigint> = {
  bigint: 9_223_372_036_854_775_807n,
  integer: 2_147_483_647n,
  smallint: 32_767n,
};
// `timestamptz::text` with DateStyle ISO, e.g. `2024-03-10 23:30:00.123456+00` or `…+05:30`.
const TIMESTAMPTZ = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-]\d{2}(?::\d{2}){0,2}$/;

function fechaHoraValida(texto: string): boolean {
  const partes = TIMESTAMPTZ.exec(texto);
  if (!partes) return false;
  const [anio, mes, dia, hora, minuto, segundo] = partes.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const fecha = new Date(Date.UTC(anio, mes - 1, dia));
  return fecha.getUTCMonth() === mes - 1 && fecha.getUTCDate() === dia && hora < 24 && minuto < 60 && segundo < 60;
}

/**
 * Whether the keys of a cursor fit the sort they are used with (one value per key, each readable as
 * its SQL type), so a cursor of another sort or a hand-made one is refused before reaching SQL.
 */
export function clavesEncajan(claves: readonly string[], tipos: readonly string[]): boolean {
  if (claves.length !== tipos.length) return false;
  return tipos.every((tipo, index) => {
    const clave = claves[index]!;
    if (tipo === 'text') return !clave.includes('\u0000');
    if (tipo === 'timestamptz') return fechaHoraValida(clave);
    const limite = LIMITES_ENTERO[tipo];
    if (limite === undefined || !ENTERO.test(clave)) return false;
    const valor = BigInt(clave);
    return valor <= limite && -valor <= limite;
  });
}
