import { describe, expect, it } from 'vitest';
import { fechaEspana, fechaHoraEspana, isoString } from './dates';

describe('dates', () => {
  it('gives a timestamp as ISO 8601 in UTC, from pg or from PGlite', () => {
    expect(isoString(new Date('2026-03-01T10:00:00+01:00'))).toBe('2026-03-01T09:00:00.000Z');
    expect(isoString('2026-03-01 10:00:00+01')).toBe('2026-03-01T09:00:00.000Z');
  });

  it('prints the day and time in Spain, on a 24-hour clock, in winter and in summer', () => {
    expect(fechaHoraEspana(new Date('2026-01-05T23:30:00Z'))).toBe('06/01/2026 00:30');
    expect(fechaHoraEspana(new Date('2026-07-15T13:05:00Z'))).toBe('15/07/2026 15:05');
    expect(fechaHoraEspana('2026-10-25T00:59:00Z')).toBe('25/10/2026 02:59');
    expect(fechaHoraEspana('2026-10-25T01:00:00Z')).toBe('25/10/2026 02:00');
  });

  it('prints the day in Spain, which is not the day in UTC late in the evening', () => {
    expect(fechaEspana(new Date('2026-12-31T23:15:00Z'))).toBe('01/01/2027');
    expect(fechaEspana('2026-06-30T21:59:59Z')).toBe('30/06/2026');
    expect(fechaEspana('2026-06-30T22:00:00Z')).toBe('01/07/2026');
  });
});

describe('fechaHoraEspana against Intl', () => {
  it('says what Intl says for Europe/Madrid, minute by minute around both changes of hour', () => {
    const intl = new Intl.DateTimeFormat('es-ES', {
      timeZone: 'Europe/Madrid',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const comoIntl = (instante: number) => intl.format(instante).replace(', ', ' ');
    for (const cambio of ['2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z', '1996-10-27T01:00:00Z']) {
      const desde = Date.parse(cambio) - 3 * 3_600_000;
      for (let minuto = 0; minuto < 6 * 60; minuto += 7) {
        const instante = desde + minuto * 60_000 + 13_000;
        expect(fechaHoraEspana(new Date(instante).toISOString()), new Date(instante).toISOString()).toBe(
          comoIntl(instante),
        );
      }
    }
  });
});
