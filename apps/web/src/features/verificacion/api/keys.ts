/** The one place query keys of verificación are built. */
export const verificacionKeys = {
  all: ['verificacion'] as const,
  firmas: (id_expediente: number) => [...verificacionKeys.all, 'firmas', id_expediente] as const,
};
