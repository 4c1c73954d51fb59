const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;
const oneDecimal = new Intl.NumberFormat('es-ES', { useGrouping: 'always', maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('es-ES', { useGrouping: 'always', maximumFractionDigits: 0 });

/**
 * A file size for people, in binary units as the API counts them (1 MB = 1024 × 1024 bytes):
 * `850 B`, `1,5 KB`, `12,3 MB`. Empty string for a missing or negative size.
 */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${whole.format(bytes)} B`;
  let value = bytes / 1024;
  let unit = 0;
  // Rounding first: 1023,96 KB must read "1 MB", not "1.024 KB".
  while (Number(value.toFixed(1)) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${oneDecimal.format(value)} ${UNITS[unit]}`;
}
