/** The one place query keys of retention and disposal are built. */
export const retencionKeys = {
  all: ['retencion'] as const,
  series: () => [...retencionKeys.all, 'series'] as const,
  tipos: () => [...retencionKeys.all, 'tipos'] as const,
  pendientes: () => [...retencionKeys.all, 'pendientes'] as const,
  actas: () => [...retencionKeys.all, 'actas'] as const,
  acta: (id: number) => [...retencionKeys.actas(), id] as const,
  expediente: (id: number) => [...retencionKeys.all, 'expediente', id] as const,
};
