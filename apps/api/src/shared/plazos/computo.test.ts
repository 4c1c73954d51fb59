import { describe, expect, it } from 'vitest';
import {
  diasHabilesEntre,
  diasHabilesRestantes,
  esHabil,
  fechaLimite,
  finDeSemana,
  sumarMeses,
  type Plazo,
} from './computo';

// National, regional and local holidays of a calendar, mixed as the administration keeps them.
const FESTIVOS = new Set([
  '2026-01-01',
  '2026-01-06',
  '2026-03-19',
  '2026-10-12',
  '2026-12-08',
  '2026-12-25',
  '2027-01-01',
]);

const dias = (inicio: string, cantidad: number, diasSuspendidos = 0): Plazo => ({
  inicio,
  cantidad,
  unidad: 'dias_habiles',
  diasSuspendidos,
});
const meses = (inicio: string, cantidad: number): Plazo => ({ inicio, cantidad, unidad: 'meses', diasSuspendidos: 0 });

describe('fechaLimite (Ley 39/2015, art. 30)', () => {
  it.each([
    // [caso, plazo, último día]
    ['días hábiles: se cuentan desde el día siguiente y saltan el fin de semana', dias('2026-11-27', 1), '2026-11-30'],
    ['días hábiles: un festivo nacional no cuenta', dias('2026-11-26', 10), '2026-12-11'],
    ['días hábiles: Navidad y el fin de semana se saltan', dias('2026-12-22', 3), '2026-12-28'],
    ['días hábiles: el cambio de año con Año Nuevo', dias('2026-12-31', 1), '2027-01-04'],
    ['días hábiles: un inicio en sábado cuenta desde el domingo', dias('2026-11-28', 1), '2026-11-30'],
    ['días hábiles: un festivo local (San José) no cuenta', dias('2026-03-17', 2), '2026-03-20'],
    ['días hábiles: una suspensión añade los días hábiles detenidos', dias('2026-11-26', 10, 2), '2026-12-15'],
    ['meses: de fecha a fecha', meses('2025-11-30', 2), '2026-01-30'],
    ['meses: sin día equivalente, el último del mes', meses('2026-03-31', 1), '2026-04-30'],
    ['meses: el último día de febrero en año bisiesto', meses('2024-01-31', 1), '2024-02-29'],
    ['meses: el último de febrero cae en sábado y pasa al lunes', meses('2026-01-31', 1), '2026-03-02'],
    ['meses: acaba en festivo y pasa al siguiente hábil', meses('2026-09-12', 1), '2026-10-13'],
    ['meses: acaba en sábado y pasa al lunes', meses('2026-05-15', 3), '2026-08-17'],
    ['meses: acaba en un festivo en martes', meses('2026-06-08', 6), '2026-12-09'],
    ['meses: doce meses son un año', meses('2026-11-27', 12), '2027-11-29'],
  ] as const)('%s', (_caso, plazo, esperado) => {
    expect(fechaLimite(plazo, FESTIVOS)).toBe(esperado);
  });
});

describe('días hábiles que quedan', () => {
  it.each([
    ['el último día quedan 0', '2026-12-11', '2026-12-11', 0],
    ['una semana antes, sin el festivo', '2026-12-04', '2026-12-11', 4],
    ['el lunes siguiente va 1 día tarde', '2026-12-14', '2026-12-11', -1],
    ['el sábado siguiente ya va tarde', '2026-12-12', '2026-12-11', -1],
    ['dos semanas tarde', '2026-12-25', '2026-12-11', -9],
  ] as const)('%s', (_caso, hoy, limite, esperado) => {
    expect(diasHabilesRestantes(hoy, limite, FESTIVOS)).toBe(esperado);
  });
});

describe('piezas del cómputo', () => {
  it.each([
    ['2026-11-28', false],
    ['2026-11-29', false],
    ['2026-11-30', true],
    ['2026-12-08', false],
    ['2026-12-09', true],
  ] as const)('%s es hábil: %s', (dia, habil) => {
    expect(esHabil(dia, FESTIVOS)).toBe(habil);
  });

  it('cuenta los días hábiles de una suspensión, el de reanudación fuera', () => {
    expect(diasHabilesEntre('2026-12-04', '2026-12-09', FESTIVOS)).toBe(2);
    expect(diasHabilesEntre('2026-12-09', '2026-12-09', FESTIVOS)).toBe(0);
  });

  it.each([
    ['2026-11-30', '2026-12-06'],
    ['2026-12-05', '2026-12-06'],
    ['2026-12-06', '2026-12-06'],
  ] as const)('la semana de %s acaba el %s', (dia, domingo) => {
    expect(finDeSemana(dia)).toBe(domingo);
  });

  it('suma meses sin desbordar al mes siguiente', () => {
    expect(sumarMeses('2026-08-31', 6)).toBe('2027-02-28');
  });
});
