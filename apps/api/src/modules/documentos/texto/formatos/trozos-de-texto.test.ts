import { describe, expect, it } from 'vitest';
import { unirTrozos, type TrozoDeTexto } from './trozos-de-texto';

/** A run of 12-point text drawn horizontally at (x, y), `ancho` wide. */
const trozo = (str: string, x: number, y: number, ancho: number, hasEOL = false): TrozoDeTexto => ({
  str,
  transform: [12, 0, 0, 12, x, y],
  width: ancho,
  hasEOL,
});

describe('joining the runs of a page by where they are drawn', () => {
  it('a word cut at its ligatures stays one word; a gap between runs is a space', () => {
    expect(
      unirTrozos([
        trozo('del edi', 50, 700, 40),
        trozo('fi', 90, 700, 7),
        trozo('cio', 97, 700, 18),
        trozo('municipal', 120, 700, 50),
      ]),
    ).toBe('del edificio municipal');
  });

  it('kerning that draws a run a little before the end of the last one joins them too', () => {
    expect(unirTrozos([trozo('o', 50, 700, 7), trozo('fi', 56.5, 700, 7), trozo('cina', 63.5, 700, 25)])).toBe(
      'oficina',
    );
  });

  it('an explicit space run is kept once; a change of line is a line break; PDF.js line ends too', () => {
    expect(
      unirTrozos([
        trozo('La', 50, 700, 12),
        trozo(' ', 62, 700, 4),
        trozo('fi', 66, 700, 7),
        trozo('rma', 73, 700, 20),
        trozo('El', 50, 680, 12),
        trozo('fl', 65, 680, 7, true),
        trozo('', 0, 0, 0, true),
        trozo('ujo', 50, 660, 20),
        { type: 'beginMarkedContent' },
      ]),
    ).toBe('La firma\nEl fl\nujo');
  });

  it('text turned a quarter joins along its own direction', () => {
    const girado = (str: string, y: number, alto: number): TrozoDeTexto => ({
      str,
      transform: [0, 12, -12, 0, 300, y],
      width: alto,
      hasEOL: false,
    });
    expect(unirTrozos([girado('plani', 100, 30), girado('fi', 130, 7), girado('cación', 137, 40)])).toBe(
      'planificación',
    );
    expect(unirTrozos([girado('sede', 100, 30), girado('electrónica', 140, 60)])).toBe('sede electrónica');
  });
});
