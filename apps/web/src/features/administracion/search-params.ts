/** A positive integer from the URL, or undefined for anything else (the API would refuse it). */
export function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 ? number : undefined;
}
