import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccesoDePersona } from '@ecodigital/contracts/accesos';
import { cleanupApp, renderWithApp } from '../../../testing/render-app';
import { setUpTestApiServer, signInWith } from '../../../testing/set-up-test-api-server';
import { dialogButton } from '../../../testing/dialog-queries';
import { PersonaAccesosView } from './PersonaAccesosView';

const server = setUpTestApiServer();
const ana = { id_usuario: 5, nombre_completo: 'Ana Belén Romero Gil', username: 'tesorera' };
const maria = { id_usuario: 1, nombre_completo: 'María José García López', username: 'admin' };
const lucia = { id_usuario: 3, nombre_completo: 'Lucía Fernández Díaz', username: 'consulta' };

function acceso(overrides: Partial<AccesoDePersona>): AccesoDePersona {
  return {
    id_acceso: 1,
    destinatario: { tipo: 'usuario', usuario: ana },
    nivel: 'gestion',
    hasta: '2031-06-30',
    motivo: 'Fiscalización del convenio',
    concedido_por: maria,
    concedido_en: '2031-06-01T09:30:00.000Z',
    estado: 'vigente',
    revocado_por: null,
    revocado_en: null,
    derivado_de: null,
    causa_fin: null,
    expediente: { id_expediente: 7, numero: 'EXP-2031-000007', asunto: 'Convenio con la Diputación' },
    ...overrides,
  };
}

let recibidos: AccesoDePersona[];
const concedidos = [
  acceso({ id_acceso: 2, destinatario: { tipo: 'usuario', usuario: lucia }, concedido_por: ana, derivado_de: 1 }),
];

beforeEach(() => {
  recibidos = [acceso({})];
  server().routes.set('GET /api/admin/usuarios/5/accesos', (request) => {
    const items = request.query.get('tipo') === 'concedidos' ? concedidos : recibidos;
    return {
      body: {
        success: true,
        data: {
          persona: ana,
          items: request.query.get('vigentes') === 'false' ? items : items.filter((a) => a.estado === 'vigente'),
          total: items.length,
          page: 1,
          pageSize: 50,
        },
      },
    };
  });
  signInWith(['administracion.usuarios', 'expedientes.ver']);
});
afterEach(cleanupApp);

const filas = () => [...document.querySelectorAll<HTMLElement>('[data-testid="acceso-persona-fila"]')];

function renderView(path = '/administracion/personas/5/accesos') {
  return renderWithApp(
    [
      { path: '/administracion/personas/:id_usuario/accesos', Component: PersonaAccesosView },
      { path: '/administracion/personas', element: <p>lista de personas</p> },
    ],
    path,
  );
}

describe('PersonaAccesosView', { timeout: 30_000 }, () => {
  it('lists the grants the person received, then those she made, through the URL', async () => {
    const { router } = renderView();
    await screen.findByRole('heading', { name: 'Accesos de Ana Belén Romero Gil' });
    await waitFor(() => expect(filas()).toHaveLength(1));
    expect(filas()[0]!.textContent).toContain('EXP-2031-000007');
    expect(filas()[0]!.textContent).toContain('Convenio con la Diputación');
    expect(filas()[0]!.textContent).toContain('30/06/2031');
    expect(filas()[0]!.textContent).toContain('María José García López');

    await userEvent.click(screen.getByRole('tab', { name: 'Concedidos' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tipo=concedidos'));
    await waitFor(() => expect(filas()[0]?.textContent).toContain('Lucía Fernández Díaz'));
    expect(filas()[0]!.textContent).toContain('A partir de su propio acceso');

    await userEvent.click(screen.getByRole('switch', { name: 'Solo vigentes' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tipo=concedidos&vigentes=no'));
    expect(server().requests.at(-1)?.query.get('vigentes')).toBe('false');
  });

  it('asks before revoking, revokes from Administración and shows the list again', async () => {
    const revocados: string[] = [];
    server().routes.set('DELETE /api/admin/accesos/1', (request) => {
      revocados.push(request.path);
      recibidos = [acceso({ estado: 'revocado', revocado_por: maria, revocado_en: '2031-06-02T10:00:00.000Z' })];
      return { body: { success: true, msg: 'Acceso revocado.', data: recibidos[0] } };
    });
    renderView();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Revocar el acceso de Ana Belén Romero Gil a EXP-2031-000007' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('¿Revocar el acceso de Ana Belén Romero Gil a EXP-2031-000007?')).toBeTruthy();
    await userEvent.click(dialogButton(dialog, 'Revocar'));
    await waitFor(() => expect(revocados).toEqual(['/api/admin/accesos/1']));
    await screen.findByText('No tiene ningún acceso vigente.');
  });

  it('says so for a person who does not exist', async () => {
    server().routes.set('GET /api/admin/usuarios/99/accesos', () => ({
      status: 404,
      body: { success: false, msg: 'La persona no existe.', code: 'NOT_FOUND' },
    }));
    renderView('/administracion/personas/99/accesos');
    await screen.findByText('La persona no existe.', { selector: '.ant-result-title h1' });
    cleanupApp();
    renderView('/administracion/personas/abc/accesos');
    await screen.findByText('La persona no existe.', { selector: '.ant-result-title h1' });
  });
});
