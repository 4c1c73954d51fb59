import { ESTADO_ETIQUETAS } from '@ecodigital/contracts/expedientes';
import { celdaCsv } from '../../shared/csv';
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
