import { HOY_SQL } from './calendario';

/**
 * Where the plazo of `expediente e` (joined `plazo_expediente p`) stands today, an `EstadoPlazo`
 * or NULL without one: a closed expediente's plazo is over; a suspended one stands still.
 */
export const ESTADO_PLAZO_SQL = `CASE
  WHEN p.id_expediente IS NULL THEN NULL
  WHEN e.estado NOT IN ('abierto', 'en_tramite') THEN 'concluido'
  WHEN p.suspendido_desde IS NOT NULL THEN 'suspendido'
  WHEN p.fecha_limite < ${HOY_SQL} THEN 'vencido'
  WHEN p.fecha_limite = ${HOY_SQL} THEN 'vence_hoy'
  ELSE 'en_plazo' END`;

/** The list's `plazo` filter over `expediente e`. */
export function filtroPlazoSql(filtro: 'vencido' | 'esta_semana' | 'suspendido'): string {
  const activos = `e.estado IN ('abierto', 'en_tramite')`;
  const plazo = (condicion: string) =>
    `${activos} AND EXISTS (SELECT 1 FROM plazo_expediente pf WHERE pf.id_expediente = e.id_expediente AND ${condicion})`;
  if (filtro === 'suspendido') return plazo('pf.suspendido_desde IS NOT NULL');
  if (filtro === 'vencido') return plazo(`pf.suspendido_desde IS NULL AND pf.fecha_limite < ${HOY_SQL}`);
  // From today to Sunday (ISO weeks start on Monday).
  return plazo(
    `pf.suspendido_desde IS NULL AND pf.fecha_limite BETWEEN ${HOY_SQL} AND date_trunc('week', ${HOY_SQL})::date + 6`,
  );
}
