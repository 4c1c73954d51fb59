import { describe, expect, it } from 'vitest';
import { formatFileSize } from './format-size';

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [850, '850 B'],
    [1023, '1.023 B'],
    [1024, '1 KB'],
    [1536, '1,5 KB'],
    [12.3 * 1024 * 1024, '12,3 MB'],
    [100 * 1024 * 1024, '100 MB'],
    [1024 * 1024 - 10, '1 MB'],
    [1536 * 1024 * 1024, '1,5 GB'],
    [2048 * 1024 ** 3, '2 TB'],
  ])('%d bytes → %s', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });

  it('gives an empty string for missing or impossible sizes', () => {
    expect(formatFileSize(undefined)).toBe('');
    expect(formatFileSize(null)).toBe('');
    expect(formatFileSize(-1)).toBe('');
    expect(formatFileSize(Number.NaN)).toBe('');
  });
});
