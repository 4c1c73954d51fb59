import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Fecha } from './Fecha';

afterEach(cleanup);

describe('Fecha', () => {
  it('never breaks inside a date', () => {
    const { container } = render(<Fecha value="2026-11-23T09:37:00.000Z" />);
    const time = container.querySelector('time')!;
    expect(time.textContent).toBe('23/11/2026');
    expect(time.style.whiteSpace).toBe('nowrap');
  });

  it('with its time, keeps the date and the time whole but lets the time go below where both do not fit', () => {
    const { container } = render(<Fecha value="2026-11-23T09:37:00.000Z" conHora />);
    const time = container.querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe('2026-11-23T09:37:00.000Z');
    expect(time.textContent).toMatch(/^23\/11\/2026 \d\d:37$/);
    expect(time.style.whiteSpace).toBe('');
    const partes = [...time.querySelectorAll('span')];
    expect(partes.map((parte) => parte.style.whiteSpace)).toEqual(['nowrap', 'nowrap']);
    expect(partes.map((parte) => parte.textContent).join(' ')).toBe(time.textContent);
  });
});
