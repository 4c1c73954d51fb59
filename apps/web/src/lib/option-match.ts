const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Case- and accent-insensitive match for the selects' type-to-search: «urban» finds «Urbanismo», «secretaria» «Secretaría». */
export function matchesOption(input: string, option?: { label?: unknown }): boolean {
  return typeof option?.label === 'string' && plain(option.label).includes(plain(input.trim()));
}
