/** The one place query keys of the Accesos tab are built; mutations invalidate through it. */
export const accesosKeys = {
  all: ['accesos'] as const,
  details: () => [...accesosKeys.all, 'expediente'] as const,
  detail: (id_expediente: number) => [...accesosKeys.details(), id_expediente] as const,
  /** Whom a grant can name: people and unidades. */
  destinatarios: () => [...accesosKeys.all, 'destinatarios'] as const,
  personas: () => [...accesosKeys.destinatarios(), 'personas'] as const,
  unidades: () => [...accesosKeys.destinatarios(), 'unidades'] as const,
};
