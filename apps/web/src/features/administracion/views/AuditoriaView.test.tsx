import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditoriaPagina } from '@ecodigital/contracts/administracion';
import { cleanupApp, renderWithApp } from '../../../testing/render-app';
import { setUpTestApiServer, signInWith } from '../../../testing/set-up-test-api-server';
import { AuditoriaView } from './AuditoriaView';

const server = setUpTestApiServer();
const pagina: AuditoriaPagina = {
  items: [
    {
      id: 7,
      fecha: '2031-06-02T10:15:00.000Z',
      usuario: { id_usuario: 1, nombre_completo: 'María José García López', username: 'admin' },
      accion: 'unidad.modificar',
      entidad: 'unidad',
      id_entidad: '6',
      descripcion:
        'Unidad «Sección de Licencias (LA0019006)»: la movió de «Urbanismo (LA0019005)» a «Hacienda (LA0019008)».',
      antes: { id_padre: 4 },
      despues: { id_padre: 8 },
      detalle: [{ campo: 'Unidad superior', antes: 'Urbanismo (LA0019005)', despues: 'Hacienda (LA0019008)' }],
    },
  ],
  total: 1,
  page: 1,
  pageSize: 50,
};

beforeEach(() => {
  server().routes.set('GET /api/admin/auditoria', () => ({ body: { success: true, data: pagina } }));
  server().routes.set('GET /api/admin/usuarios', () => ({ body: { success: true, data: [] } }));
  server().routes.set('GET /api/admin/auditoria/exportar', () => ({
    body: '\uFEFFFecha;Persona\r\n',
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="auditoria-2031-06-01-a-2031-06-30.csv"',
    },
  }));
  signInWith(['administracion.auditoria']);
});
afterEach(() => {
  vi.restoreAllMocks();
  const stand = URL as { createObjectURL?: unknown; revokeObjectURL?: unknown };
  delete stand.createObjectURL;
  delete stand.revokeObjectURL;
  cleanupApp();
});

const fila = () => document.querySelector<HTMLElement>('[data-testid="auditoria-fila"]');

describe('AuditoriaView', { timeout: 30_000 }, () => {
  it('shows before and after field by field, by name, never raw keys or ids', async () => {
    renderWithApp([{ path: '/', Component: AuditoriaView }], '/');
    await waitFor(() => expect(fila()).toBeTruthy());
    await userEvent.click(within(fila()!).getByRole('button'));
    const detalle = await screen.findByRole('table', { name: 'Antes y después' });
    const celdas = within(detalle)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(celdas).toEqual(['CampoAntesDespués', 'Unidad superiorUrbanismo (LA0019005)Hacienda (LA0019008)']);
    expect(detalle.textContent).not.toContain('id_padre');
  });

  it('exports the changes with the filters shown, without the page', async () => {
    // jsdom has no object URLs: the download gets a stand-in, removed after the test.
    Object.assign(URL, { createObjectURL: () => 'blob:auditoria', revokeObjectURL: () => {} });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithApp(
      [{ path: '/', Component: AuditoriaView }],
      '/?entidad=unidad&desde=2031-06-01&hasta=2031-06-30&page=2',
    );
    await userEvent.click(await screen.findByRole('button', { name: /Exportar CSV/ }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const pedido = server().requests.find((request) => request.path === '/api/admin/auditoria/exportar')!;
    expect(Object.fromEntries(pedido.query)).toEqual({ entidad: 'unidad', desde: '2031-06-01', hasta: '2031-06-30' });
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('auditoria-2031-06-01-a-2031-06-30.csv');
  });
});
