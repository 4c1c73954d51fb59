import { describe, expect, it } from 'vitest';
import { extensionOf, precheckFile } from './precheck';

const MB = 1024 * 1024;
const motivos = (name: string, size: number, limitMb?: number) =>
  precheckFile({ name, size }, limitMb).map((aviso) => aviso.motivo);

describe('precheckFile', () => {
  it('lets every admitted extension through, whatever its case', () => {
    for (const name of [
      'a.pdf',
      'b.PNG',
      'c.jpg',
      'd.JPEG',
      'e.tif',
      'f.tiff',
      'g.docx',
      'h.xlsx',
      'i.odt',
      'j.ods',
      'k.txt',
      'l.csv',
    ]) {
      expect(motivos(name, 10), name).toEqual([]);
    }
  });

  it('flags names without an admitted extension', () => {
    expect(motivos('programa.exe', 10)).toEqual(['tipo_no_admitido']);
    expect(motivos('pagina.html', 10)).toEqual(['tipo_no_admitido']);
    expect(motivos('dibujo.svg', 10)).toEqual(['tipo_no_admitido']);
    expect(motivos('LEEME', 10)).toEqual(['tipo_no_admitido']);
    expect(motivos('.pdf', 10)).toEqual(['tipo_no_admitido']);
    expect(precheckFile({ name: 'x.exe', size: 1 })[0]?.mensaje).toBe('Tipo no admitido');
  });

  it('flags a file over the limit with the limit in the message; the limit itself is allowed', () => {
    expect(motivos('grande.pdf', 100 * MB)).toEqual([]);
    const avisos = precheckFile({ name: 'grande.pdf', size: 100 * MB + 1 });
    expect(avisos).toEqual([{ motivo: 'demasiado_grande', mensaje: 'Supera el máximo de 100 MB' }]);
    expect(precheckFile({ name: 'grande.pdf', size: 3 * MB }, 2.5)[0]?.mensaje).toBe('Supera el máximo de 2,5 MB');
    expect(precheckFile({ name: 'enorme.pdf', size: 2000 * MB }, 1500)[0]?.mensaje).toBe(
      'Supera el máximo de 1.500 MB',
    );
  });

  it('flags empty files and reports every problem of a file', () => {
    expect(motivos('vacio.txt', 0)).toEqual(['vacio']);
    expect(motivos('enorme.exe', 200 * MB)).toEqual(['demasiado_grande', 'tipo_no_admitido']);
  });
});

describe('extensionOf', () => {
  it('takes the last extension of the base name, lower-cased', () => {
    expect(extensionOf('Resolución nº 5.PDF')).toBe('.pdf');
    expect(extensionOf('informe.final.docx')).toBe('.docx');
    expect(extensionOf('carpeta.v2/sin-extension')).toBe('');
    expect(extensionOf('.oculto')).toBe('');
  });
});
