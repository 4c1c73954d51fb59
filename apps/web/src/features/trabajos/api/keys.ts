/** The one place query keys of the background jobs' administration are built. */
export const trabajosKeys = {
  all: ['trabajos'] as const,
  estado: () => [...trabajosKeys.all, 'estado'] as const,
};
