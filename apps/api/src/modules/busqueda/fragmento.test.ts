import { describe, expect, it } from 'vitest';
import { marcarCortes } from './fragmento';

describe('«…» where a fragment is cut', () => {
  const trozos = [
    { texto: 'se concede la ', resaltado: false },
    { texto: 'licencia', resaltado: true },
    { texto: ' de obra menor', resaltado: false },
  ];
  const textos = (marcados: { texto: string }[]) => marcados.map((trozo) => trozo.texto);

  it('marks both ends of a fragment from the middle of the text', () => {
    const texto = 'Resolución por la que se concede la licencia de obra menor en la calle Mayor.';
    expect(textos(marcarCortes(trozos, texto, texto))).toEqual(['… ', ...textos(trozos), ' …']);
  });

  it('marks nothing when the fragment is the whole text, whatever its spacing and final stop', () => {
    const texto = 'se concede  la\nlicencia de obra menor.\n';
    expect(marcarCortes(trozos, texto, texto)).toEqual(trozos);
  });

  it('marks only the end of a fragment the text starts with, and leaves no fragment alone', () => {
    const texto = 'se concede la licencia de obra menor en la calle Mayor.';
    expect(textos(marcarCortes(trozos, texto, texto))).toEqual([...textos(trozos), ' …']);
    expect(marcarCortes([], texto, texto)).toEqual([]);
  });
});
