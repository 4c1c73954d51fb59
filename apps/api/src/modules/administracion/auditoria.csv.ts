import type { AuditoriaExportQuery } from '@ecodigital/contracts/administracion';
import {
  ACCION_AUDITORIA_ETIQUETAS,
  ENTIDAD_AUDITORIA_ETIQUETAS,
  LIMITES_ADMINISTRACION,
} from '@ecodigital/contracts/administracion.rules';
import type { Queryable } from '../../db/database';
import { BOM, lineaCsv } from '../../shared/csv';
import { detallesLegibles, textoDeLado } from './auditoria.legible';
import { contarAuditoria, exportAuditoria } from './auditoria.repository';

const CABECERA_CSV_AUDITORIA = ['Fecha', 'Persona', 'Acción', 'Entidad', 'Descripción', 'Antes', 'Después'];

const cifra = (n: number) => new Intl.NumberFormat('es-ES').format(n);

/** The line that closes a file cut at the limit: which changes it holds and how to get the rest. */
const avisoLimite = (limite: number, total: number) =>
  `Exportación limitada a los ${cifra(limite)} cambios más recientes de ${cifra(total)}: acote el periodo para obtener el resto.`;

export interface ExportacionAuditoria {
  /** How many changes match the filters; the file holds at most `limite` of them. */
  total: number;
  limite: number;
  piezas: AsyncGenerator<string>;
}

/**
 * The auditoría as CSV for Excel in Spain (shared `lineaCsv`: UTF-8 with BOM, `;`, formula cells
 * made inert), newest first, dates in Europe/Madrid, values as people read them. Bounded: past
 * `limite` changes the file stops and its last line says so.
 */
export async function exportarAuditoriaCsv(
  db: Queryable,
  query: AuditoriaExportQuery,
  limite: number = LIMITES_ADMINISTRACION.auditoriaPorExportacion,
): Promise<ExportacionAuditoria> {
  const total = await contarAuditoria(db, query);
  async function* piezas(): AsyncGenerator<string> {
    yield BOM + lineaCsv(CABECERA_CSV_AUDITORIA);
    for await (const filas of exportAuditoria(db, query, limite)) {
      const detalles = await detallesLegibles(db, filas);
      yield filas
        .map((fila, indice) =>
          lineaCsv([
            fila.fecha,
            fila.persona ?? 'Proveedor de identidad',
            ACCION_AUDITORIA_ETIQUETAS[fila.accion] ?? fila.accion,
            ENTIDAD_AUDITORIA_ETIQUETAS[fila.entidad] ?? fila.entidad,
            fila.descripcion,
            textoDeLado(detalles[indice]!, 'antes'),
            textoDeLado(detalles[indice]!, 'despues'),
          ]),
        )
        .join('');
    }
    if (total > limite) yield lineaCsv([avisoLimite(limite, total)]);
  }
  return { total, limite, piezas: piezas() };
}
