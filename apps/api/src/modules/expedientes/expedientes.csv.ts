import { ESTADO_ETIQUETAS } from '@ecodigital/contracts/expedientes';
import type { FilaExport } from './expedientes.export';

export const CABECERA_CSV = [
  'Número',
  'Asunto',
  'Tipo',
  'Unidad',
  'Interesado',
  'Documento del interesado',
  'Responsable',
  'Estado',
  'Fecha de apertura',
  'Fecha de cierre',
];

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

/** One exported row; written out by hand, not via `lineaCsv`, because it runs 100,000 times per export. */
export function filaCsv(fila: FilaExport): string {
  return (
    celdaCsv(fila.numero) +
    ';' +
    celdaCsv(fila.asunto) +
    ';' +
    celdaCsv(fila.tipo) +
    ';' +
    celdaCsv(fila.unidad) +
    ';' +
    celdaCsv(fila.interesado_nombre) +
    ';' +
    celdaCsv(fila.interesado_documento) +
    ';' +
    celdaCsv(fila.responsable) +
    ';' +
    celdaCsv(ESTADO_ETIQUETAS[fila.estado]) +
    ';' +
    celdaCsv(fila.fecha_apertura) +
    ';' +
    celdaCsv(fila.fecha_cierre) +
    '\r\n'
  );
}
