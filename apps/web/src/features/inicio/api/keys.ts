/** The one place query keys of Inicio are built. */
export const inicioKeys = {
  all: ['inicio'] as const,
  cifras: () => [...inicioKeys.all, 'cifras'] as const,
  porMes: () => [...inicioKeys.all, 'por-mes'] as const,
  porTipoDocumental: () => [...inicioKeys.all, 'por-tipo-documental'] as const,
  misExpedientes: () => [...inicioKeys.all, 'mis-expedientes'] as const,
  plazos: () => [...inicioKeys.all, 'plazos'] as const,
  actividad: () => [...inicioKeys.all, 'actividad'] as const,
};
