import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import MonthlyChart from './MonthlyChart';

describe('MonthlyChart', () => {
  it('writes each bar’s figure over it, in Spanish format, not only in the hidden table', () => {
    const meses = [
      { mes: '2026-01', abiertos: 1234, cerrados: 0 },
      { mes: '2026-02', abiertos: 7, cerrados: 15 },
    ];
    const { container } = render(<MonthlyChart meses={meses} />);
    const cifras = [...container.querySelectorAll('.inicio-chart-column')].map((columna) => [
      columna.getAttribute('data-serie'),
      columna.querySelector('.inicio-chart-value')?.textContent,
    ]);
    expect(cifras).toEqual([
      ['abiertos', '1.234'],
      ['cerrados', '0'],
      ['abiertos', '7'],
      ['cerrados', '15'],
    ]);
  });
});
