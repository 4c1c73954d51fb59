import { ESTADO_ETIQUETAS } from '@ecodigital/contracts/expedientes';
import type { FilaExport } from './expedientes.repository';

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

/**
 * One CSV cell for Excel with `;` as separator. A cell that a spreadsheet would take for a formula
 * (`= + - @`, or a leading tab/CR) gets a leading `'` so it is shown as text, never evaluated
 * (OWASP "CSV injection").
 */
export function celdaCsv(value: string | null): string {
  if (value === null || value === '') return '';
  const inerte = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(inerte) ? `"${inerte.replace(/"/g, '""')}"` : inerte;
}

export const lineaCsv = (cells: (string | null)[]) => `${cells.map(celdaCsv).join(';')}\r\n`;

export function filaCsv(fila: FilaExport): string {
  return lineaCsv([
    fila.numero,
    fila.asunto,
    fila.tipo,
    fila.unidad,
    fila.interesado_nombre,
    fila.interesado_documento,
    fila.responsable,
    ESTADO_ETIQUETAS[fila.estado],
    fila.fecha_apertura,
    fila.fecha_cierre,
  ]);
}
