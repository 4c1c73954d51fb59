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

function partesEspana(momento: Date | string): Record<string, string> {
  return Object.fromEntries(PARTES_ESPANA.formatToParts(new Date(momento)).map((parte) => [parte.type, parte.value]));
}

/** The day of a moment in Spain (peninsular time), dd/mm/aaaa: what documents print. */
export function fechaEspana(momento: Date | string): string {
  const { day, month, year } = partesEspana(momento);
  return `${day}/${month}/${year}`;
}

/** The day and time of a moment in Spain (peninsular time), dd/mm/aaaa hh:mm on a 24-hour clock. */
export function fechaHoraEspana(momento: Date | string): string {
  const { day, month, year, hour, minute } = partesEspana(momento);
  return `${day}/${month}/${year} ${hour}:${minute}`;
}
