/** The one place query keys of the text index are built. */
export const busquedaKeys = {
  all: ['busqueda'] as const,
  indice: () => [...busquedaKeys.all, 'indice-texto'] as const,
};
