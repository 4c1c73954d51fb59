/** The trimmed value, or `undefined` when it is missing or blank (an unset environment variable). */
export function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
