import { describe, expect, it } from 'vitest';
import { CIFRAS, enlaceDeCifra, primerDiaDelMes } from './figure-links';
import { etiquetaMes, etiquetaMesLarga } from './month-label';

describe('enlaceDeCifra', () => {
  const now = new Date('2026-03-17T10:00:00Z');
  it('leads each figure to the list already filtered', () => {
    expect(enlaceDeCifra('abiertos', now)).toBe('/expedientes?estado=abierto');
    expect(enlaceDeCifra('en_tramite', now)).toBe('/expedientes?estado=en_tramite');
    expect(enlaceDeCifra('cerrados_este_mes', now)).toBe('/expedientes?cierre_desde=2026-03-01');
    expect(enlaceDeCifra('documentos_hoy', now)).toBe('/expedientes?documentos_desde=2026-03-17');
  });
  it('takes the month in Europe/Madrid, not in UTC', () => {
    // 23:30 UTC on 31 January is already 1 February in Madrid.
    expect(primerDiaDelMes(new Date('2026-01-31T23:30:00Z'))).toBe('2026-02-01');
    expect(primerDiaDelMes(new Date('2026-01-31T22:30:00Z'))).toBe('2026-01-01');
    expect(enlaceDeCifra('documentos_hoy', new Date('2026-01-31T23:30:00Z'))).toBe(
      '/expedientes?documentos_desde=2026-02-01',
    );
  });
  it('has a Spanish label for each of the four figures', () => {
    expect(CIFRAS.map((c) => c.etiqueta)).toEqual(['Abiertos', 'En trámite', 'Cerrados este mes', 'Documentos hoy']);
  });
});

describe('etiquetaMes', () => {
  it('writes months in Spanish, short and long', () => {
    expect(etiquetaMes('2026-01')).toBe('ene 2026');
    expect(etiquetaMes('2025-12')).toBe('dic 2025');
    expect(etiquetaMes('2026-09')).toBe('sep 2026');
    expect(etiquetaMesLarga('2026-05')).toBe('mayo de 2026');
  });
  it('leaves anything else as it came', () => {
    expect(etiquetaMes('2026-13')).toBe('2026-13');
    expect(etiquetaMes('enero')).toBe('enero');
  });
});
