function valueText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/**
 * `?a=1&b=x` for the defined values of `params` (null and undefined are left out), or `''`. Arrays
 * repeat their key (`estado=a&estado=b`), which is how the API reads them.
 */
export function queryString(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) {
        if (item !== undefined && item !== null) search.append(key, valueText(item));
      }
    } else {
      search.append(key, valueText(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
