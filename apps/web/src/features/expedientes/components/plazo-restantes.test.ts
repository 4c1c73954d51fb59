import { describe, expect, it } from 'vitest';
import type { PlazoExpediente } from '@ecodigital/contracts/plazos';
import { restantes } from './PlazoCard';

const plazo = (overrides: Partial<PlazoExpediente>): PlazoExpediente => ({
  inicio: '2026-11-27',
  cantidad: 10,
  unidad: 'dias_habiles',
  fecha_limite: '2026-12-11',
  dias_restantes: 4,
  estado: 'en_plazo',
  dias_suspendidos: 0,
  suspendido_desde: null,
  motivo_suspension: null,
  ...overrides,
});

describe('the working days left, as the plazo card says them', () => {
  it.each([
    [plazo({}), 'Quedan 4 días hábiles.'],
    [plazo({ dias_restantes: 1 }), 'Queda 1 día hábil.'],
    [plazo({ dias_restantes: 0, estado: 'vence_hoy' }), 'Vence hoy.'],
    [plazo({ dias_restantes: -1, estado: 'vencido' }), 'Vencido hace 1 día hábil.'],
    [plazo({ dias_restantes: -1234, estado: 'vencido' }), 'Vencido hace 1.234 días hábiles.'],
    [plazo({ estado: 'suspendido', suspendido_desde: '2026-12-01' }), 'Suspendido: quedaban 4 días hábiles.'],
    [plazo({ estado: 'concluido' }), 'El expediente ya no está en tramitación.'],
  ])('%#: %s', (dado, esperado) => {
    expect(restantes(dado)).toBe(esperado);
  });
});
