import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApp, renderWithApp } from '../../testing/render-app';
import { NotFoundView } from './NotFoundView';

afterEach(cleanupApp);

describe('NotFoundView', () => {
  it('shows the address the person typed, readable, under one h1', async () => {
    renderWithApp([{ path: '*', element: <NotFoundView /> }], '/expedeintes/a%C3%B1o');
    await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' });
    expect(screen.getByTestId('pagina-no-encontrada').textContent).toBe(
      'No hay ninguna página en «/expedeintes/año»: la dirección no existe o ha cambiado.',
    );
  });
});
