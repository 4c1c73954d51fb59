/** A timestamp from PostgreSQL (a `Date` from pg, a string from PGlite) as ISO 8601 in UTC. */
export const isoString = (value: Date | string) => new Date(value).toISOString();

// Built once: building an Intl formatter costs far more than formatting (documents list thousands of dates).
const PARTES_ESPANA = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const HORA = 3_600_000;

/**
 * Spain's (peninsular) offset from UTC for each hour (UTC) already seen: since 1901 it is a whole number
 * of hours and changes on the hour, so Intl is asked once per hour, not once per date (the índice PDF
 * of 10.000 rows spent 0,1 s asking it for each).
 */
const desfasePorHora = new Map<number, number>();

function desfaseEspana(hora: number): number {
  let desfase = desfasePorHora.get(hora);
  if (desfase === undefined) {
    const partes = Object.fromEntries(
      PARTES_ESPANA.formatToParts(hora * HORA).map((parte) => [parte.type, Number(parte.value)]),
    );
    desfase = Date.UTC(partes.year!, partes.month! - 1, partes.day, partes.hour, partes.minute) - hora * HORA;
    if (desfasePorHora.size >= 100_000) desfasePorHora.clear();
    desfasePorHora.set(hora, desfase);
  }
  return desfase;
}

const dos = (valor: number) => String(valor).padStart(2, '0');

/** The day and time of a moment in Spain (peninsular time), dd/mm/aaaa hh:mm on a 24-hour clock. */
export function fechaHoraEspana(momento: Date | string): string {
  const instante = new Date(momento).getTime();
  const local = new Date(instante + desfaseEspana(Math.floor(instante / HORA)));
  return (
    `${dos(local.getUTCDate())}/${dos(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ` +
    `${dos(local.getUTCHours())}:${dos(local.getUTCMinutes())}`
  );
}

/** The day of a moment in Spain (peninsular time), dd/mm/aaaa: what documents print. */
export function fechaEspana(momento: Date | string): string {
  return fechaHoraEspana(momento).slice(0, 10);
}
