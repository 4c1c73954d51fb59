/** Plazos de resolución (Ley 39/2015, art. 30): units, holiday scopes and limits shared by API and web. */

export const UNIDADES_PLAZO = ['dias_habiles', 'meses'] as const;
export type UnidadPlazo = (typeof UNIDADES_PLAZO)[number];

export const UNIDAD_PLAZO_ETIQUETAS: Record<UnidadPlazo, string> = {
  dias_habiles: 'días hábiles',
  meses: 'meses',
};

export const AMBITOS_FESTIVO = ['nacional', 'autonomico', 'local'] as const;
export type AmbitoFestivo = (typeof AMBITOS_FESTIVO)[number];

export const AMBITO_FESTIVO_ETIQUETAS: Record<AmbitoFestivo, string> = {
  nacional: 'Nacional',
  autonomico: 'Autonómico',
  local: 'Local',
};

/** Where an expediente's plazo stands today. */
export const ESTADOS_PLAZO = ['en_plazo', 'vence_hoy', 'vencido', 'suspendido', 'concluido'] as const;
export type EstadoPlazo = (typeof ESTADOS_PLAZO)[number];

/** The list's `plazo` filter. */
export const FILTROS_PLAZO = ['vencido', 'esta_semana', 'suspendido'] as const;
export type FiltroPlazo = (typeof FILTROS_PLAZO)[number];

export const LIMITES_PLAZO = {
  /** Largest plazo a tipo may carry, per unit. */
  diasMax: 365,
  mesesMax: 24,
  motivoMin: 5,
  motivoMax: 500,
  /** Holidays in one year of the calendar (national, regional and local together). */
  festivosPorAnio: 60,
  nombreFestivoMax: 120,
  anioMin: 2000,
  anioMax: 2100,
  /** Expedientes listed in Inicio's plazos card. */
  inicioMax: 10,
} as const;

/** «1 día hábil», «10 días hábiles», «1 mes», «6 meses». */
export function describirPlazo({ cantidad, unidad }: { cantidad: number; unidad: UnidadPlazo }): string {
  if (unidad === 'meses') return cantidad === 1 ? '1 mes' : `${cantidad} meses`;
  return cantidad === 1 ? '1 día hábil' : `${cantidad} días hábiles`;
}
