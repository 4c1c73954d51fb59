import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DenegacionesPagina } from '@ecodigital/contracts/administracion';
import { cleanupApp, renderWithApp } from '../../../testing/render-app';
import { setUpTestApiServer, signInWith } from '../../../testing/set-up-test-api-server';
import { AccesosDenegadosView } from './AccesosDenegadosView';

const server = setUpTestApiServer();
const pagina: DenegacionesPagina = {
  items: [
    {
      persona: { id_usuario: 5, nombre_completo: 'Ana Belén Romero Gil', username: 'tesorera' },
      veces: 1234,
      no_visible: 3,
      no_existe: 1230,
      sin_gestion: 1,
      dias: 2,
      ultima_en: '2031-06-02T10:15:00.000Z',
      detalle: [
        {
          dia: '2031-06-02',
          ruta: 'GET /api/expedientes/:id',
          motivo: 'no_existe',
          veces: 1230,
          ids: Array.from({ length: 20 }, (_, n) => String(900 + n)),
          primera_en: '2031-06-02T08:00:00.000Z',
          ultima_en: '2031-06-02T10:15:00.000Z',
        },
      ],
    },
  ],
  total: 1,
  page: 1,
  pageSize: 50,
  desde: '2031-05-27',
};

beforeEach(() => {
  server().routes.set('GET /api/admin/denegaciones', () => ({ body: { success: true, data: pagina } }));
  signInWith(['administracion.auditoria']);
});
afterEach(cleanupApp);

const fila = () => document.querySelector<HTMLElement>('[data-testid="denegacion-fila"][data-username="tesorera"]');

describe('AccesosDenegadosView', { timeout: 30_000 }, () => {
  it('shows who was refused how often, by reason, and the routes and ids on opening the row', async () => {
    const { router } = renderWithApp([{ path: '/', Component: AccesosDenegadosView }], '/');
    await waitFor(() => expect(fila()).toBeTruthy());
    expect(fila()!.textContent).toContain('Ana Belén Romero Gil');
    expect(fila()!.textContent).toContain('1.234');
    expect(fila()!.textContent).toContain('1.230');
    expect(screen.getByText('Desde el 27/05/2031, hoy incluido.')).toBeTruthy();

    await userEvent.click(within(fila()!).getByRole('button'));
    const detalle = await screen.findByRole('table', { name: 'Accesos denegados a Ana Belén Romero Gil' });
    expect(detalle.textContent).toContain('GET /api/expedientes/:id');
    expect(detalle.textContent).toContain('No existe');
    expect(detalle.textContent).toContain('900, 901');
    expect(detalle.textContent).toContain('919 …');

    const periodo = screen.getByLabelText('Periodo');
    fireEvent.mouseDown(periodo.closest('.ant-select')!);
    fireEvent.click(await screen.findByTitle('Últimos 30 días'));
    await waitFor(() => expect(router.state.location.search).toBe('?dias=30'));
    await waitFor(() => expect(server().requests.at(-1)?.query.get('dias')).toBe('30'));
  });
});
