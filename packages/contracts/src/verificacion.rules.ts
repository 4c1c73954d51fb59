// The Código Seguro de Verificación (CSV) as people type and read it, without schemas: the public
// verification page imports it from here so that its bundle does not carry TypeBox.

/**
 * 28 characters of `ABCDEFGHJKLMNPQRSTUVWXYZ23456789` (32, without the ambiguous I, O, 0 and 1: five
 * bits each, 140 random bits), as migration 035 draws them.
 */
const CSV_NORMALIZADO = /^[A-HJ-NP-Z2-9]{28}$/;

/**
 * The code as stored, from the code as typed: capitals, without spaces, hyphens or dots. `null` when it
 * cannot be a code (wrong length or a character outside the alphabet).
 */
export function normalizarCsv(escrito: string): string | null {
  const codigo = escrito.replace(/[\s.-]/g, '').toUpperCase();
  return CSV_NORMALIZADO.test(codigo) ? codigo : null;
}

/** The code grouped in fours, as it is shown and printed: `ABCD-EFGH-…`. */
export function agruparCsv(codigo: string): string {
  return (codigo.match(/.{1,4}/g) ?? []).join('-');
}

/** The public page that verifies a code (the web's path; the API's is `/api/verificacion/:csv`). */
export const RUTA_VERIFICACION = '/verificacion';
