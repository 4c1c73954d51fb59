/** The one place query keys of the fixity administration are built. */
export const integridadKeys = {
  all: ['integridad'] as const,
  estado: () => [...integridadKeys.all, 'estado'] as const,
};
