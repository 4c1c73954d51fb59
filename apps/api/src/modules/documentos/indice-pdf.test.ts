import { describe, expect, it } from 'vitest';
import { fecha, fechaHora, notaAnulacion } from './indice-pdf';

describe('dates of the índice PDF', () => {
  it('are dd/mm/aaaa in Europe/Madrid, so a late UTC evening is already the next day', () => {
    expect(fechaHora('2026-03-31T22:30:00Z')).toBe('01/04/2026 00:30');
    expect(fecha('2026-12-31T22:59:59Z')).toBe('31/12/2026');
    expect(fecha('2026-12-31T23:00:00Z')).toBe('01/01/2027');
  });
});

describe('notaAnulacion', () => {
  it('says when and why, for the line under the struck-through name', () => {
    expect(notaAnulacion({ fecha_anulacion: '2026-11-22T06:22:00Z', motivo_anulacion: 'Enviado por error' })).toBe(
      'Anulado el 22/11/2026: Enviado por error',
    );
    expect(notaAnulacion({ fecha_anulacion: null, motivo_anulacion: null })).toBe('Anulado');
  });
});
