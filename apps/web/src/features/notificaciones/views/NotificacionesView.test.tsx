import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NotificacionListada } from '@ecodigital/contracts/notificaciones';
import { cleanupApp, renderWithApp } from '../../../testing/render-app';
import { setUpTestApiServer, signInWith } from '../../../testing/set-up-test-api-server';
import { NotificacionesView } from './NotificacionesView';

const server = setUpTestApiServer();
let notificaciones: NotificacionListada[];
let marcadas: number;

const notificacion = (id: number, leida: boolean, cambios: Partial<NotificacionListada> = {}): NotificacionListada => ({
  id,
  tipo: 'asignado',
  descripcion: 'Le asignó el expediente.',
  fecha: `2025-03-0${id}T16:05:00`,
  usuario: { id_usuario: 1, nombre_completo: 'María José García López' },
  expediente: { id_expediente: 100 + id, numero: `EXP-2025-00${id}`, asunto: `Asunto ${id}` },
  leida,
  ...cambios,
});

beforeEach(() => {
  marcadas = 0;
  // Newest first: 4 and 3 unread, 2 and 1 read.
  notificaciones = [notificacion(4, false), notificacion(3, false), notificacion(2, true), notificacion(1, true)];
  server().routes.set('GET /api/notificaciones/todas', (request) => {
    const lista = request.query.get('no_leidas') === 'true' ? notificaciones.filter((n) => !n.leida) : notificaciones;
    const cursor = request.query.get('cursor');
    const desde = cursor === null ? 0 : lista.findIndex((n) => n.id === Number(cursor)) + 1;
    const items = lista.slice(desde, desde + 3);
    const siguiente = desde + 3 < lista.length ? items.at(-1)!.id : null;
    return { body: { success: true, data: { items, siguiente } } };
  });
  server().routes.set('POST /api/notificaciones/vistas', () => {
    marcadas += 1;
    notificaciones = notificaciones.map((n) => ({ ...n, leida: true }));
    return {
      body: {
        success: true,
        msg: 'Todas sus notificaciones están marcadas como leídas.',
        data: { visto_hasta: '2025-03-05T10:00:00Z' },
      },
    };
  });
  signInWith(['expedientes.ver']);
});
afterEach(cleanupApp);

const filas = () => screen.findAllByTestId('notificacion');

describe('NotificacionesView', { timeout: 30_000 }, () => {
  it('lists the notifications newest first with date, link and the unread ones marked, then loads more', async () => {
    renderWithApp([{ path: '/', Component: NotificacionesView }], '/');
    expect(screen.getByRole('heading', { level: 1, name: 'Notificaciones' })).toBeTruthy();
    const primera = await filas();
    expect(primera).toHaveLength(3);
    const cuarta = within(primera[0]!);
    expect(cuarta.getByRole('link', { name: 'EXP-2025-004' }).getAttribute('href')).toBe('/expedientes/ver/104');
    expect(cuarta.getByText('No leída')).toBeTruthy();
    expect(primera[0]!.textContent).toContain('04/03/2025 16:05');
    expect(primera[0]!.textContent).toContain('María José García López: Le asignó el expediente.');
    expect(primera.map((fila) => fila.dataset.leida)).toEqual(['false', 'false', 'true']);
    expect(within(primera[2]!).queryByText('No leída')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    await waitFor(() => expect(screen.getAllByTestId('notificacion')).toHaveLength(4));
    // The focus goes where the new notifications start.
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByTestId('notificacion')[3]));
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
  });

  it('shows only the unread ones, and marks them all read', async () => {
    renderWithApp([{ path: '/', Component: NotificacionesView }], '/');
    await filas();
    await userEvent.click(screen.getByRole('radio', { name: 'No leídas' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('notificacion').map((fila) => fila.textContent)).toEqual([
        expect.stringContaining('EXP-2025-004'),
        expect.stringContaining('EXP-2025-003'),
      ]),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Marcar todas como leídas' }));
    await screen.findByText('No tiene notificaciones sin leer.');
    expect(marcadas).toBe(1);
    await userEvent.click(screen.getByRole('radio', { name: 'Todas' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('notificacion').map((fila) => fila.dataset.leida)).toEqual(['true', 'true', 'true']),
    );
    expect(screen.queryByText('No leída')).toBeNull();
    expect((screen.getByRole('button', { name: 'Marcar todas como leídas' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
