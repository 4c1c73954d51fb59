/** How arrays are written: `indexes: null` repeats the key (`estado=a&estado=b`); otherwise `estado[]=a`. */
export interface ParamsSerializerOptions {
  indexes?: null | boolean;
}

function valueText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** `?a=1&b=x` for the defined values of `params` (null and undefined are left out), or `''`. */
export function queryString(params: Record<string, unknown> | undefined, options: ParamsSerializerOptions = {}): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      const name = options.indexes === null ? key : options.indexes ? undefined : `${key}[]`;
      value.forEach((item, index) => {
        if (item !== undefined && item !== null) search.append(name ?? `${key}[${index}]`, valueText(item));
      });
    } else {
      search.append(key, valueText(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
