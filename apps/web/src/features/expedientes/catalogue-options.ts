import type { CatalogoItem, Responsable } from '@ecodigital/contracts/expedientes';

export interface SelectOption {
  value: number;
  label: string;
}

export const catalogoOptions = (items: readonly CatalogoItem[] | undefined): SelectOption[] =>
  (items ?? []).map((item) => ({ value: item.id, label: item.nombre }));

export const responsableOptions = (items: readonly Responsable[] | undefined): SelectOption[] =>
  (items ?? []).map((item) => ({ value: item.id_usuario, label: item.nombre_completo }));

/** Case- and accent-insensitive match for the selects' type-to-search. */
export function matchesOption(input: string, option?: { label?: unknown }): boolean {
  const plain = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  return typeof option?.label === 'string' && plain(option.label).includes(plain(input.trim()));
}
