import type { ConcederAcceso, NivelAcceso } from '@ecodigital/contracts/accesos';

/**
 * What the grant form holds; selects are empty (`undefined`) until chosen. How long it lasts is an
 * explicit choice: until a day the person types (`hasta`, as they see it, `dd/mm/aaaa`), or without
 * an end. What is sent is exactly that day, or exactly «sin fecha límite».
 */
export interface ConcederValues {
  destinatario: 'usuario' | 'unidad';
  id_usuario?: number;
  id_unidad?: number;
  nivel: NivelAcceso;
  plazo?: 'fecha' | 'sin_fecha';
  hasta?: string;
  motivo?: string;
}

export const VALORES_INICIALES: ConcederValues = { destinatario: 'usuario', nivel: 'lectura' };

/** Today in Europe/Madrid (the calendar of a grant's last day), `aaaa-mm-dd`. */
export function hoyEnMadrid(now = new Date()): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Madrid' }).format(now);
}

/** `aaaa-mm-dd` of a day typed as `d/m/aaaa` (also with `-` or `.`), or null when it names no real day. */
export function leerDia(texto: string | undefined): string | null {
  const partes = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(texto ?? '');
  if (!partes) return null;
  const [dia, mes, anio] = [Number(partes[1]), Number(partes[2]), Number(partes[3])];
  const fecha = new Date(Date.UTC(anio, mes - 1, dia));
  if (fecha.getUTCFullYear() !== anio || fecha.getUTCMonth() !== mes - 1 || fecha.getUTCDate() !== dia) return null;
  return `${partes[3]}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;
}

/** `dd/mm/aaaa` of an `aaaa-mm-dd` day. */
export const diaLegible = (dia: string) => dia.split('-').reverse().join('/');

/**
 * Why the typed last day cannot be sent, or undefined when it can: it must be a real day, not
 * before today and, for someone who grants within their own grant, not after its end (`limite`).
 */
export function errorDeHasta(texto: string | undefined, hoy: string, limite: string | null): string | undefined {
  if (!texto?.trim()) return 'Indique el último día del acceso (dd/mm/aaaa).';
  const dia = leerDia(texto);
  if (!dia) return 'Escriba una fecha válida, como dd/mm/aaaa.';
  if (dia < hoy) return 'El último día no puede ser anterior a hoy.';
  if (limite !== null && dia > limite) {
    return `Su acceso termina el ${diaLegible(limite)}: el que conceda debe terminar ese día o antes.`;
  }
  return undefined;
}

/** The body of `POST /api/expedientes/:id/accesos`: exactly one recipient, the end chosen, the motivo trimmed. */
export function toConcederAcceso(values: ConcederValues): ConcederAcceso {
  const body: ConcederAcceso = { nivel: values.nivel, motivo: (values.motivo ?? '').trim() };
  if (values.destinatario === 'usuario') body.id_usuario = values.id_usuario;
  else body.id_unidad = values.id_unidad;
  if (values.plazo === 'fecha') {
    const dia = leerDia(values.hasta);
    if (!dia) throw new Error('El último día del acceso no es una fecha válida: el formulario debió impedir enviarlo');
    body.hasta = dia;
  } else {
    body.hasta = null;
  }
  return body;
}
