const plano = (texto: string) =>
  texto
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Case- and accent-insensitive match for the selects' type-to-search. */
export function coincide(input: string, option?: { label?: unknown }): boolean {
  return typeof option?.label === 'string' && plano(option.label).includes(plano(input.trim()));
}
