import type { UnidadPlazo } from '@ecodigital/contracts/plazos.rules';
import type { Queryable } from '../../db/database';
import { fechaLimite, type Festivos } from './computo';

/**
 * The plazo of each expediente kept in step with its tipo and the calendario laboral: what the
 * expedientes module calls when one is opened or changes tipo, and the plazos module when a tipo's
 * plazo or a holiday changes. Closed expedientes keep what they had.
 */

/** Today in Europe/Madrid, `aaaa-mm-dd`: the day the office counts in. */
export const hoyMadrid = (ahora = new Date()) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Madrid' }).format(ahora);

/** The same day in SQL. */
export const HOY_SQL = `(now() AT TIME ZONE 'Europe/Madrid')::date`;

/** Every holiday of the calendar (a few dozen a year). */
export async function cargarFestivos(db: Queryable): Promise<Festivos> {
  const rows = await db.query<{ fecha: string }>(`SELECT to_char(fecha, 'YYYY-MM-DD') AS fecha FROM festivo`);
  return new Set(rows.map((row) => row.fecha));
}

interface FilaPlazo {
  id_expediente: number;
  inicio: string;
  cantidad: number;
  unidad: UnidadPlazo;
  dias_suspendidos: number;
}

const LOTE = 2_000;

/**
 * Works out again the `fecha_limite` of the open expedientes' plazos that `condicion` (over
 * `plazo_expediente p` and `expediente e`) picks, in batches, writing only those that change.
 */
export async function recalcularPlazos(
  tx: Queryable,
  condicion: string,
  values: unknown[],
  festivos?: Festivos,
): Promise<number> {
  const calendario = festivos ?? (await cargarFestivos(tx));
  const filas = await tx.query<FilaPlazo>(
    `SELECT p.id_expediente, to_char(p.inicio, 'YYYY-MM-DD') AS inicio, p.cantidad, p.unidad, p.dias_suspendidos
     FROM plazo_expediente p JOIN expediente e ON e.id_expediente = p.id_expediente
     WHERE e.estado IN ('abierto', 'en_tramite') AND ${condicion}`,
    values,
  );
  let cambiados = 0;
  for (let desde = 0; desde < filas.length; desde += LOTE) {
    const lote = filas.slice(desde, desde + LOTE);
    const fechas = lote.map((fila) =>
      fechaLimite(
        { inicio: fila.inicio, cantidad: fila.cantidad, unidad: fila.unidad, diasSuspendidos: fila.dias_suspendidos },
        calendario,
      ),
    );
    const cambiadas = await tx.query(
      `UPDATE plazo_expediente p SET fecha_limite = v.fecha
       FROM unnest($1::integer[], $2::date[]) AS v (id, fecha)
       WHERE p.id_expediente = v.id AND p.fecha_limite IS DISTINCT FROM v.fecha
       RETURNING p.id_expediente`,
      [lote.map((fila) => fila.id_expediente), fechas],
    );
    cambiados += cambiadas.length;
  }
  return cambiados;
}

/**
 * The plazo of the open expedientes `condicion` picks (over `expediente e`) follows their tipo's:
 * none when it carries none; otherwise its cantidad and unidad, counted from the day each was
 * opened unless a start was set already. Suspensions and days already stopped are kept.
 */
export async function aplicarPlazoDelTipo(tx: Queryable, condicion: string, values: unknown[]): Promise<void> {
  await tx.query(
    `DELETE FROM plazo_expediente p USING expediente e, tipo_expediente t
     WHERE p.id_expediente = e.id_expediente AND t.id = e.id_tipo AND t.plazo_cantidad IS NULL
       AND e.estado IN ('abierto', 'en_tramite') AND ${condicion}`,
    values,
  );
  // `fecha_limite` takes the opening day for a moment; `recalcularPlazos` sets it right below.
  await tx.query(
    `INSERT INTO plazo_expediente (id_expediente, inicio, cantidad, unidad, fecha_limite)
     SELECT e.id_expediente, (e.fecha_apertura AT TIME ZONE 'Europe/Madrid')::date, t.plazo_cantidad, t.plazo_unidad,
            (e.fecha_apertura AT TIME ZONE 'Europe/Madrid')::date
     FROM expediente e JOIN tipo_expediente t ON t.id = e.id_tipo
     WHERE t.plazo_cantidad IS NOT NULL AND e.estado IN ('abierto', 'en_tramite') AND ${condicion}
     ON CONFLICT (id_expediente) DO UPDATE SET cantidad = EXCLUDED.cantidad, unidad = EXCLUDED.unidad`,
    values,
  );
  await recalcularPlazos(tx, condicion, values);
}

/** The expediente just opened, or given another tipo, takes its tipo's plazo. */
export const aplicarPlazoAlExpediente = (tx: Queryable, idExpediente: number) =>
  aplicarPlazoDelTipo(tx, 'e.id_expediente = $1', [idExpediente]);
