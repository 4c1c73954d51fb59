/**
 * Values read back from a URL a person may have typed or an old link may carry: each answers
 * undefined for anything malformed, so it never reaches the API.
 */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function positiveInteger(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return Number.isSafeInteger(number) && number >= 1 ? number : undefined;
}

/** A real calendar day as `YYYY-MM-DD` (not 2025-02-30). */
export function isoDate(value: string | null): string | undefined {
  if (value === null || !ISO_DATE.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : undefined;
}

export function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | undefined {
  return allowed.find((candidate) => candidate === value);
}
