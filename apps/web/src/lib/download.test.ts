import { describe, expect, it } from 'vitest';
import { filenameFromContentDisposition } from './download';

describe('filenameFromContentDisposition', () => {
  it('reads a quoted or bare filename', () => {
    expect(filenameFromContentDisposition('attachment; filename="expedientes-2025-03-04.csv"')).toBe(
      'expedientes-2025-03-04.csv',
    );
    expect(filenameFromContentDisposition('attachment; filename=expedientes.csv')).toBe('expedientes.csv');
  });

  it('prefers the UTF-8 filename* form', () => {
    expect(
      filenameFromContentDisposition(
        `attachment; filename="expedientes.csv"; filename*=UTF-8''expedientes-tr%C3%A1mite.csv`,
      ),
    ).toBe('expedientes-trámite.csv');
  });

  it('drops path parts and gives nothing for missing or empty names', () => {
    expect(filenameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromContentDisposition('attachment')).toBeUndefined();
    expect(filenameFromContentDisposition(null)).toBeUndefined();
    expect(filenameFromContentDisposition('attachment; filename=""')).toBeUndefined();
  });
});
