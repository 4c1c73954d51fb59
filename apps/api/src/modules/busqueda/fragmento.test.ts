import { describe, expect, it } from 'vitest';
import { frasesDe, lexemasDe, marcarCortes } from './fragmento';

describe('what a fragment is cut around', () => {
  it('names every stem of the search, prefixes and quotes included', () => {
    expect(lexemasDe(`'licenci' & 'obra' <-> 'menor'`)).toEqual(['licenci', 'obra', 'menor']);
    expect(lexemasDe(`'lic':* | 'o''donnell'`)).toEqual(['lic', "o'donnell"]);
  });

  it('writes each phrase as a regular expression, with a word in between for each step past the first', () => {
    expect(frasesDe(`'licenci' <2> 'obra' <-> 'menor' & 'mayor'`)).toEqual([
      String.raw`\mlicenci\w*(?:\W+\w+){1}\W+\mobra\w*\W+\mmenor\w*`,
    ]);
    expect(frasesDe(`'calle' <-> 'may':* | 'a' <3> 'b'`)).toEqual([
      String.raw`\mcalle\w*\W+\mmay\w*`,
      String.raw`\ma\w*(?:\W+\w+){2}\W+\mb\w*`,
    ]);
    expect(frasesDe(`'licenci' & 'obra'`)).toEqual([]);
    // Past PostgreSQL's repetition limit the phrase is left to its words.
    expect(frasesDe(`'licenci' <300> 'obra' | 'a' <-> 'b'`)).toEqual([String.raw`\ma\w*\W+\mb\w*`]);
  });

  it('escapes what a regular expression would read as an operator', () => {
    expect(frasesDe(`'c++' <-> 'x'`)).toEqual([String.raw`\mc\+\+\w*\W+\mx\w*`]);
  });
});

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
