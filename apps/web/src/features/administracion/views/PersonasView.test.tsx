import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PersonaAdmin, PersonasPagina } from '@ecodigital/contracts/administracion';
import { cleanupApp, renderWithApp } from '../../../testing/render-app';
import { setUpTestApiServer, signInWith } from '../../../testing/set-up-test-api-server';
import { PersonasView } from './PersonasView';

const server = setUpTestApiServer();
let origen: PersonasPagina['origen_unidades'];
let puts: { path: string; body: unknown }[];

const urbanismo = { id: 5, codigo: 'LA0019005', nombre: 'Urbanismo' };
const recaudacion = { id: 10, codigo: 'LA0019010', nombre: 'Recaudación' };
const lucia: PersonaAdmin = {
  id_usuario: 3,
  username: 'consulta',
  nombre_completo: 'Lucía Fernández Díaz',
  email: 'consulta@ecodigital.local',
  roles: ['consulta'],
  unidades: [urbanismo, recaudacion],
  ultimo_acceso: '2025-03-10T08:05:00.000Z',
};
const ana: PersonaAdmin = {
  id_usuario: 5,
  username: 'tesorera',
  nombre_completo: 'Ana Belén Romero Gil',
  email: null,
  roles: ['gestor'],
  unidades: [],
  ultimo_acceso: null,
};

beforeEach(() => {
  origen = 'aplicacion';
  puts = [];
  server().routes.set('GET /api/admin/usuarios', (request) => ({
    body: {
      success: true,
      data: {
        items: request.query.get('q') === 'ana' ? [ana] : [ana, lucia],
        total: request.query.get('q') === 'ana' ? 1 : 2,
        page: Number(request.query.get('page') ?? 1),
        pageSize: 50,
        origen_unidades: origen,
      },
    },
  }));
  server().routes.set('GET /api/catalogos/unidades', () => ({
    body: {
      success: true,
      data: [
        { id: 8, codigo: 'LA0019008', nombre: 'Hacienda', ruta: 'Hacienda', activo: true },
        { id: 10, codigo: 'LA0019010', nombre: 'Recaudación', ruta: 'Hacienda › Recaudación', activo: false },
        { id: 9, codigo: 'LA0019009', nombre: 'Tesorería', ruta: 'Hacienda › Tesorería', activo: true },
        { id: 5, codigo: 'LA0019005', nombre: 'Urbanismo', ruta: 'Urbanismo', activo: true },
      ],
    },
  }));
  server().routes.set('PUT /api/admin/usuarios/3/unidades', (request) => {
    puts.push({ path: request.path, body: request.body });
    return { body: { success: true, msg: 'Unidades asignadas.', data: lucia } };
  });
  signInWith(['administracion.usuarios', 'expedientes.ver']);
});
afterEach(cleanupApp);

const fila = (username: string) => document.querySelector<HTMLElement>(`[data-username="${username}"]`)!;

describe('PersonasView', { timeout: 30_000 }, () => {
  it('lists people with their unidades, read-only roles and last sign-in; searches through the URL', async () => {
    const { router } = renderWithApp([{ path: '/', Component: PersonasView }], '/');
    await waitFor(() => expect(fila('consulta')).toBeTruthy());
    expect(fila('consulta').textContent).toContain('UrbanismoRecaudación');
    expect(fila('consulta').textContent).toContain('10/03/2025');
    expect(fila('tesorera').textContent).toContain('Ninguna');
    expect(fila('tesorera').textContent).toContain('Nunca');
    expect(within(fila('consulta')).getByRole('link', { name: 'Accesos de Lucía Fernández Díaz' })).toMatchObject({
      pathname: '/administracion/personas/3/accesos',
    });
    fireEvent.change(screen.getByLabelText('Buscar personas'), { target: { value: 'ana' } });
    fireEvent.keyDown(screen.getByLabelText('Buscar personas'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(router.state.location.search).toBe('?q=ana'));
    await waitFor(() => expect(fila('consulta')).toBeNull());
  });

  it('changes unidades keeping an old deactivated one offered, and sends the whole set', async () => {
    renderWithApp([{ path: '/', Component: PersonasView }], '/');
    await userEvent.click(await screen.findByRole('button', { name: 'Cambiar unidades de Lucía Fernández Díaz' }));
    const dialog = await screen.findByRole('dialog');
    const select = within(dialog).getByLabelText('Unidades');
    fireEvent.mouseDown(select.closest('.ant-select')!);
    const opciones = await waitFor(() => {
      const list = document.getElementById(select.getAttribute('aria-controls') ?? '')?.closest('.ant-select-dropdown');
      const found = [...(list?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])];
      if (found.length === 0) throw new Error('sin opciones');
      return found;
    });
    expect(opciones.map((opcion) => opcion.textContent)).toEqual([
      'Hacienda',
      'Hacienda › Recaudación (desactivada)',
      'Hacienda › Tesorería',
      'Urbanismo',
    ]);
    fireEvent.click(opciones[2]!);
    await userEvent.click(within(dialog).getByText('Guardar unidades', { selector: 'button span' }));
    await waitFor(() =>
      expect(puts).toEqual([{ path: '/api/admin/usuarios/3/unidades', body: { unidades: [5, 9, 10] } }]),
    );
  });

  it('shows the unidades read-only, with a note, when the identity provider assigns them', async () => {
    origen = 'proveedor_identidad';
    renderWithApp([{ path: '/', Component: PersonasView }], '/');
    await screen.findByTestId('unidades-por-grupos');
    await waitFor(() => expect(fila('consulta')).toBeTruthy());
    expect(fila('consulta').textContent).toContain('Urbanismo');
    expect(screen.queryByRole('button', { name: /Cambiar unidades/ })).toBeNull();
  });
});
