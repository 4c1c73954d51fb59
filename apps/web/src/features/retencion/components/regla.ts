import type { ReglaRetencion } from '@ecodigital/contracts/retencion';

/** A retention rule as people read it. */
export function describirRegla(regla: ReglaRetencion | null): string {
  if (regla === null) return 'Sin regla';
  if (regla.disposicion === 'conservacion_permanente') return 'Conservación permanente';
  return `Eliminación a los ${regla.anios === 1 ? '1 año' : `${regla.anios} años`} del cierre`;
}
