import type { CifrasInicio } from '@ecodigital/contracts/inicio';

export type Cifra = keyof CifrasInicio;

/** `YYYY-MM-DD` of `now` in Europe/Madrid (the API's calendar). */
function diaEnMadrid(now: Date): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Madrid' }).format(now);
}

/** `YYYY-MM-DD` of the first day of `now`'s month in Europe/Madrid. */
export function primerDiaDelMes(now: Date): string {
  return `${diaEnMadrid(now).slice(0, 8)}01`;
}

/** Where each Inicio figure leads: the expedientes list already filtered. */
export function enlaceDeCifra(cifra: Cifra, now: Date = new Date()): string {
  switch (cifra) {
    case 'abiertos':
      return '/expedientes?estado=abierto';
    case 'en_tramite':
      return '/expedientes?estado=en_tramite';
    case 'cerrados_este_mes':
      return `/expedientes?cierre_desde=${primerDiaDelMes(now)}`;
    case 'documentos_hoy':
      return `/expedientes?documentos_desde=${diaEnMadrid(now)}`;
  }
}

export const CIFRAS: { cifra: Cifra; etiqueta: string }[] = [
  { cifra: 'abiertos', etiqueta: 'Abiertos' },
  { cifra: 'en_tramite', etiqueta: 'En trámite' },
  { cifra: 'cerrados_este_mes', etiqueta: 'Cerrados este mes' },
  { cifra: 'documentos_hoy', etiqueta: 'Documentos hoy' },
];
