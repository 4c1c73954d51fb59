import dayjs from 'dayjs';

type DateInput = string | number | Date | dayjs.Dayjs;

/** `dd/mm/aaaa`. Empty string for a missing or invalid date. */
export function formatDate(value: DateInput | null | undefined): string {
  if (value === null || value === undefined) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('DD/MM/YYYY') : '';
}

/** 24-hour time, `HH:mm`. */
export function formatTime(value: DateInput | null | undefined): string {
  if (value === null || value === undefined) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('HH:mm') : '';
}

/** `dd/mm/aaaa HH:mm`. */
export function formatDateTime(value: DateInput | null | undefined): string {
  if (value === null || value === undefined) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('DD/MM/YYYY HH:mm') : '';
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * `1.234,5`. es-ES leaves four-digit numbers ungrouped by default ("1234,5"), so grouping is
 * forced to keep every figure in the product consistent.
 */
export function formatNumber(value: number | null | undefined, options: { decimals?: number } = {}): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const key = String(options.decimals ?? 'auto');
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('es-ES', {
      useGrouping: 'always',
      minimumFractionDigits: options.decimals ?? 0,
      maximumFractionDigits: options.decimals ?? 3,
    });
    numberFormats.set(key, format);
  }
  return format.format(value);
}
