/**
 * CSV for Excel as used in Spain: UTF-8 with a BOM (so Excel reads it as UTF-8), `;` between cells,
 * CRLF between lines. Every CSV export of the API writes through these helpers.
 */

/** Makes Excel open the file as UTF-8. */
export const BOM = '\uFEFF';

const ARRANQUE_DE_FORMULA = new Set(['=', '+', '-', '@', '\t', '\r'].map((char) => char.charCodeAt(0)));
const NECESITA_COMILLAS = /[;"\r\n]/;

/**
 * One CSV cell for Excel with `;` as separator. A cell that a spreadsheet would take for a formula
 * (`= + - @`, or a leading tab/CR) gets a leading `'` so it is shown as text, never evaluated
 * (OWASP "CSV injection").
 */
export function celdaCsv(value: string | null): string {
  if (value === null || value === '') return '';
  const inerte = ARRANQUE_DE_FORMULA.has(value.charCodeAt(0)) ? `'${value}` : value;
  return NECESITA_COMILLAS.test(inerte) ? `"${inerte.replace(/"/g, '""')}"` : inerte;
}

export const lineaCsv = (cells: (string | null)[]) => `${cells.map(celdaCsv).join(';')}\r\n`;

/** Today in Europe/Madrid as `aaaa-mm-dd`, for a file name that sorts by date. */
export const fechaMadrid = (date = new Date()) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Madrid' }).format(date);
