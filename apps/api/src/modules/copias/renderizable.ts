/** Formats whose content goes into the foliated PDF and may have a copia auténtica. */
const RENDERIZABLES = ['PDF', 'JPEG', 'PNG'] as const;
export type Renderizable = (typeof RENDERIZABLES)[number];

export const renderizable = (formato: string): formato is Renderizable =>
  (RENDERIZABLES as readonly string[]).includes(formato);
