import { describe, expect, it } from 'vitest';
import { errorDeHasta, hoyEnMadrid, leerDia, toConcederAcceso } from './grant-form';

describe('toConcederAcceso', () => {
  const base = { destinatario: 'usuario' as const, id_usuario: 4, nivel: 'gestion' as const, motivo: 'Suplencia' };

  it('names one person, or one unidad, never both', () => {
    const comun = {
      ...base,
      nivel: 'lectura' as const,
      motivo: '  Revisión  ',
      id_unidad: 9,
      plazo: 'sin_fecha' as const,
    };
    expect(toConcederAcceso({ ...comun, destinatario: 'usuario' })).toEqual({
      id_usuario: 4,
      nivel: 'lectura',
      motivo: 'Revisión',
      hasta: null,
    });
    expect(toConcederAcceso({ ...comun, destinatario: 'unidad' })).toEqual({
      id_unidad: 9,
      nivel: 'lectura',
      motivo: 'Revisión',
      hasta: null,
    });
  });

  it('sends exactly the day typed, as aaaa-mm-dd, or an explicit «sin fecha límite»', () => {
    expect(toConcederAcceso({ ...base, plazo: 'fecha', hasta: '28/02/2031' }).hasta).toBe('2031-02-28');
    expect(toConcederAcceso({ ...base, plazo: 'fecha', hasta: ' 5-3-2031 ' }).hasta).toBe('2031-03-05');
    expect(toConcederAcceso({ ...base, plazo: 'sin_fecha', hasta: '28/02/2031' }).hasta).toBeNull();
    // A day the form let through unread is never turned into «no end».
    expect(() => toConcederAcceso({ ...base, plazo: 'fecha', hasta: '31/02/2031' })).toThrow();
  });
});

describe('the last day of a grant', () => {
  it('reads only real days', () => {
    expect(leerDia('31/12/2031')).toBe('2031-12-31');
    expect(leerDia('29/02/2028')).toBe('2028-02-29');
    for (const texto of ['29/02/2027', '31/04/2031', '2031-12-31', '12/2031', 'mañana', '', undefined]) {
      expect(leerDia(texto), String(texto)).toBeNull();
    }
  });

  it('refuses, in Spanish, what cannot be sent: empty, not a day, before today, after the own grant', () => {
    const hoy = '2030-06-15';
    expect(errorDeHasta('', hoy, null)).toBe('Indique el último día del acceso (dd/mm/aaaa).');
    expect(errorDeHasta('15/13/2030', hoy, null)).toBe('Escriba una fecha válida, como dd/mm/aaaa.');
    expect(errorDeHasta('14/06/2030', hoy, null)).toBe('El último día no puede ser anterior a hoy.');
    expect(errorDeHasta('15/06/2030', hoy, null)).toBeUndefined();
    expect(errorDeHasta('21/06/2030', hoy, '2030-06-20')).toBe(
      'Su acceso termina el 20/06/2030: el que conceda debe terminar ese día o antes.',
    );
    expect(errorDeHasta('20/06/2030', hoy, '2030-06-20')).toBeUndefined();
  });

  it('counts today in Madrid, not in the browser’s zone', () => {
    // 23:30 UTC on 31 December is already 1 January in Madrid.
    expect(hoyEnMadrid(new Date('2030-12-31T23:30:00Z'))).toBe('2031-01-01');
  });
});
