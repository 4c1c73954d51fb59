import { describe, expect, it } from 'vitest';
import { buildUploadFormData } from './upload-request';

describe('buildUploadFormData', () => {
  it('puts id_tipo_documental before the file, and only those two parts', () => {
    const file = new File(['%PDF-1.4 hola'], 'Resolución nº 5.pdf', { type: 'application/pdf' });
    const body = buildUploadFormData(3, file);
    const entries = [...body.entries()];
    expect(entries.map(([name]) => name)).toEqual(['id_tipo_documental', 'archivo']);
    expect(entries[0]![1]).toBe('3');
    const sent = entries[1]![1] as File;
    expect(sent.name).toBe('Resolución nº 5.pdf');
    expect(sent.size).toBe(new TextEncoder().encode('%PDF-1.4 hola').length);
  });

  it('can rename the file part', () => {
    const body = buildUploadFormData(1, new Blob(['x']), 'nota.txt');
    expect((body.get('archivo') as File).name).toBe('nota.txt');
  });
});
