import type { UnidadPlazo } from '@ecodigital/contracts/plazos.rules';

/**
 * Counting of administrative deadlines as Ley 39/2015, art. 30 sets it, on calendar days written
 * `YYYY-MM-DD` (days have no time zone here: the caller decides which day «today» is). Pure: the
 * holidays come in as a set, so every rule is a row of the table in `computo.test.ts`.
 */

/** The non-working days besides Saturdays and Sundays (30.2), as `YYYY-MM-DD`. */
export type Festivos = ReadonlySet<string>;

const DIA_MS = 86_400_000;

const aFecha = (dia: string): Date => new Date(`${dia}T00:00:00Z`);
const aDia = (fecha: Date): string => fecha.toISOString().slice(0, 10);

export const sumarDias = (dia: string, dias: number): string => aDia(new Date(aFecha(dia).getTime() + dias * DIA_MS));

/** 30.2: Saturdays, Sundays and the declared holidays are not working days. */
export function esHabil(dia: string, festivos: Festivos): boolean {
  const semana = aFecha(dia).getUTCDay();
  return semana !== 0 && semana !== 6 && !festivos.has(dia);
}

/** The first working day from `dia` on, `dia` included. */
function primerHabilDesde(dia: string, festivos: Festivos): string {
  let actual = dia;
  while (!esHabil(actual, festivos)) actual = sumarDias(actual, 1);
  return actual;
}

/** 30.2–30.3: counted from the day after `inicio`, the `dias`-th working day. */
export function sumarDiasHabiles(inicio: string, dias: number, festivos: Festivos): string {
  let actual = inicio;
  for (let contados = 0; contados < dias;) {
    actual = sumarDias(actual, 1);
    if (esHabil(actual, festivos)) contados++;
  }
  return actual;
}

/**
 * 30.4: months count date to date, ending on the same day of the month as `inicio`; when the
 * month of expiry has no such day, on its last day.
 */
export function sumarMeses(inicio: string, meses: number): string {
  const [anio, mes, dia] = inicio.split('-').map(Number) as [number, number, number];
  const destino = new Date(Date.UTC(anio, mes - 1 + meses, 1));
  const ultimo = new Date(Date.UTC(destino.getUTCFullYear(), destino.getUTCMonth() + 1, 0)).getUTCDate();
  destino.setUTCDate(Math.min(dia, ultimo));
  return aDia(destino);
}

/** Working days in `[desde, hasta)`: what a suspension from `desde` to its resumption on `hasta` stopped. */
export function diasHabilesEntre(desde: string, hasta: string, festivos: Festivos): number {
  let dias = 0;
  for (let actual = desde; actual < hasta; actual = sumarDias(actual, 1)) if (esHabil(actual, festivos)) dias++;
  return dias;
}

export interface Plazo {
  /** The day of the act the count starts after (entry in the registro, opening). */
  inicio: string;
  cantidad: number;
  unidad: UnidadPlazo;
  /** Working days the count stood still in suspensions already ended: the deadline moves that many. */
  diasSuspendidos: number;
}

/**
 * The last day of the plazo. Months, and days counted as working days, both end on a working day
 * (30.5: a deadline that ends on a non-working day moves to the next working day); a suspension
 * adds the working days it stopped.
 */
export function fechaLimite(plazo: Plazo, festivos: Festivos): string {
  const base =
    plazo.unidad === 'dias_habiles'
      ? sumarDiasHabiles(plazo.inicio, plazo.cantidad, festivos)
      : primerHabilDesde(sumarMeses(plazo.inicio, plazo.cantidad), festivos);
  return sumarDiasHabiles(base, plazo.diasSuspendidos, festivos);
}

/**
 * Working days left from `hoy` to `limite`: 0 on the last day, negative once it passed (how many
 * working days late, today included).
 */
export function diasHabilesRestantes(hoy: string, limite: string, festivos: Festivos): number {
  if (hoy <= limite) return diasHabilesEntre(sumarDias(hoy, 1), sumarDias(limite, 1), festivos);
  // A deadline passed on Friday is late on Saturday too, though no working day went by.
  return -Math.max(1, diasHabilesEntre(sumarDias(limite, 1), sumarDias(hoy, 1), festivos));
}

/** Sunday of the week (Monday to Sunday) of `dia`: «vence esta semana» reaches it. */
export function finDeSemana(dia: string): string {
  const semana = aFecha(dia).getUTCDay();
  return sumarDias(dia, semana === 0 ? 0 : 7 - semana);
}
