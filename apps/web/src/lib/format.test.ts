import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber, formatTime } from './format';

describe('formatDate', () => {
  it('writes dd/mm/aaaa', () => {
    expect(formatDate(new Date(2024, 0, 5))).toBe('05/01/2024');
    expect(formatDate('2023-12-31T10:00:00')).toBe('31/12/2023');
  });
  it('returns an empty string for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('no es fecha')).toBe('');
  });
});

describe('formatTime', () => {
  it('uses the 24-hour clock', () => {
    expect(formatTime(new Date(2024, 0, 5, 17, 4))).toBe('17:04');
    expect(formatTime(new Date(2024, 0, 5, 0, 30))).toBe('00:30');
  });
  it('combines date and time', () => {
    expect(formatDateTime(new Date(2024, 6, 9, 21, 15))).toBe('09/07/2024 21:15');
  });
});

describe('formatNumber', () => {
  it('groups thousands with a dot even for four digits and uses a decimal comma', () => {
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(formatNumber(1234567.891)).toBe('1.234.567,891');
    expect(formatNumber(999)).toBe('999');
  });
  it('honours a fixed number of decimals', () => {
    expect(formatNumber(1234, { decimals: 2 })).toBe('1.234,00');
    expect(formatNumber(0.5, { decimals: 1 })).toBe('0,5');
  });
  it('returns an empty string for missing values', () => {
    expect(formatNumber(undefined)).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
  });
});
