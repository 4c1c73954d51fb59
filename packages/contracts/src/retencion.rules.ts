// Plain constants of retention and disposal (cuadro de clasificación, legal holds, actas de
// eliminación), without schemas: the web imports them from here. `retencion.ts` re-exports them.

/** What becomes of an expediente once its retention period is over. */
export const DISPOSICIONES = ['conservacion_permanente', 'eliminacion'] as const;
export type Disposicion = (typeof DISPOSICIONES)[number];

const DISPOSICION_ETIQUETAS: Record<Disposicion, string> = {
  conservacion_permanente: 'Conservación permanente',
  eliminacion: 'Eliminación',
};

/**
 * A retention rule in words: «Eliminación a los 5 años del cierre», «Eliminación al año del cierre»,
 * «Eliminación al cierre», «Conservación permanente», «Sin regla».
 */
export function describirRegla(regla: { disposicion: Disposicion; anios: number | null } | null): string {
  if (regla === null) return 'Sin regla';
  if (regla.disposicion === 'conservacion_permanente') return DISPOSICION_ETIQUETAS.conservacion_permanente;
  const anios = regla.anios ?? 0;
  const cuando = anios === 0 ? 'al cierre' : anios === 1 ? 'al año del cierre' : `a los ${anios} años del cierre`;
  return `Eliminación ${cuando}`;
}

/** An acta: drafted, approved (documents marked destroyed), executed (their bytes gone). */
export const ESTADOS_ACTA = ['borrador', 'aprobada', 'ejecutada'] as const;
export type EstadoActa = (typeof ESTADOS_ACTA)[number];

export const ESTADO_ACTA_ETIQUETAS: Record<EstadoActa, string> = {
  borrador: 'Borrador',
  aprobada: 'Aprobada',
  ejecutada: 'Ejecutada',
};

export const LIMITES_RETENCION = {
  /** Series of the cuadro de clasificación (409 beyond). */
  series: 500,
  aniosMax: 200,
  codigoMax: 30,
  nombreMax: 200,
  motivoMin: 5,
  motivoMax: 1000,
  motivoActaMax: 2000,
  /** Pendientes de dictamen listed at once, oldest first. */
  pendientes: 500,
  /** Latest actas listed. */
  actas: 200,
  expedientesPorActa: 200,
  /** Latest holds of one expediente listed (the active one always first). */
  retencionesListadas: 50,
  /** Tipos de expediente of one serie listed with it. */
  tiposPorSerie: 200,
} as const;

/** `^[A-Za-z0-9][A-Za-z0-9._/-]{0,29}$`: the serie's code (e.g. `SER-01`, `1.2.3`). */
export const CODIGO_SERIE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._/-]{0,29}$';
