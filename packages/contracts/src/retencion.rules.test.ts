import { describe, expect, it } from 'vitest';
import { describirRegla } from './retencion.rules';

describe('describirRegla', () => {
  it('says the years as Spanish reads them, and the rules without years', () => {
    expect(describirRegla({ disposicion: 'eliminacion', anios: 5 })).toBe('Eliminación a los 5 años del cierre');
    expect(describirRegla({ disposicion: 'eliminacion', anios: 1 })).toBe('Eliminación al año del cierre');
    expect(describirRegla({ disposicion: 'eliminacion', anios: 0 })).toBe('Eliminación al cierre');
    expect(describirRegla({ disposicion: 'conservacion_permanente', anios: null })).toBe('Conservación permanente');
    expect(describirRegla(null)).toBe('Sin regla');
  });
});
