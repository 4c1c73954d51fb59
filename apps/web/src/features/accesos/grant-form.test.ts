import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toConcederAcceso } from './grant-form';

describe('toConcederAcceso', () => {
  it('names one person, or one unidad, never both', () => {
    const comun = { nivel: 'lectura' as const, motivo: '  Revisión de la liquidación  ', id_usuario: 4, id_unidad: 9 };
    expect(toConcederAcceso({ ...comun, destinatario: 'usuario' })).toEqual({
      id_usuario: 4,
      nivel: 'lectura',
      motivo: 'Revisión de la liquidación',
    });
    expect(toConcederAcceso({ ...comun, destinatario: 'unidad' })).toEqual({
      id_unidad: 9,
      nivel: 'lectura',
      motivo: 'Revisión de la liquidación',
    });
  });

  it('sends the last day as aaaa-mm-dd, and nothing when the grant has no end', () => {
    const base = { destinatario: 'usuario' as const, id_usuario: 4, nivel: 'gestion' as const, motivo: 'Suplencia' };
    expect(toConcederAcceso({ ...base, hasta: dayjs('2031-02-28T23:30:00') }).hasta).toBe('2031-02-28');
    expect(toConcederAcceso({ ...base, hasta: null })).not.toHaveProperty('hasta');
  });
});
