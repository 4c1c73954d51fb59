const simple = (value: unknown): string =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'boolean'
      ? value
        ? 'sí'
        : 'no'
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

/**
 * How the auditoría shows what something was before or after a change: nothing as «(nada)», a list
 * as its items joined by commas («(ninguno)» when empty), an object as one «campo: valor» per line.
 */
export function textoDeValor(value: unknown): string {
  if (value === null || value === undefined) return '(nada)';
  if (Array.isArray(value)) return value.length === 0 ? '(ninguno)' : value.map(simple).join(', ');
  if (typeof value === 'object') {
    const campos = Object.entries(value as Record<string, unknown>);
    return campos.length === 0 ? '(nada)' : campos.map(([campo, valor]) => `${campo}: ${simple(valor)}`).join('\n');
  }
  return simple(value);
}
