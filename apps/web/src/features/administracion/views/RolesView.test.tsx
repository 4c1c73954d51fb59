import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RolesPermisos } from '@ecodigital/contracts/administracion';
import { cleanupApp, renderWithApp } from '../../../testing/render-app';
import { setUpTestApiServer, signInWith } from '../../../testing/set-up-test-api-server';
import { RolesView } from './RolesView';
import { dialogButton } from '../../../testing/dialog-queries';

const server = setUpTestApiServer();
let roles: RolesPermisos;
let puts: { rol: string; permisos: string[] }[];

beforeEach(() => {
  puts = [];
  roles = {
    permisos: [
      { codigo: 'administracion.roles', descripcion: 'Administrar los permisos de cada rol' },
      { codigo: 'documentos.subir', descripcion: 'Subir documentos' },
      { codigo: 'expedientes.editar', descripcion: 'Editar expedientes' },
      { codigo: 'expedientes.ver', descripcion: 'Ver expedientes' },
    ],
    roles: [
      {
        rol: 'administrador',
        descripcion: 'Administrador',
        permisos: ['administracion.roles', 'documentos.subir', 'expedientes.editar', 'expedientes.ver'],
        personas: 1,
        permisos_fijos: ['administracion.roles'],
        todo_el_dominio: false,
      },
      {
        rol: 'gestor',
        descripcion: 'Gestor',
        permisos: ['documentos.subir', 'expedientes.editar', 'expedientes.ver'],
        personas: 2,
        permisos_fijos: [],
        todo_el_dominio: false,
      },
      {
        rol: 'consulta',
        descripcion: 'Consulta',
        permisos: ['expedientes.ver'],
        personas: 1,
        permisos_fijos: [],
        todo_el_dominio: false,
      },
    ],
    sin_declarar: [
      { rol: 'archivero', personas: 1, todo_el_dominio: false },
      { rol: 'offline_access', personas: 4, todo_el_dominio: true },
    ],
  };
  server().routes.set('GET /api/admin/roles', () => ({ body: { success: true, data: roles } }));
  for (const rol of ['administrador', 'gestor', 'consulta']) {
    server().routes.set(`PUT /api/admin/roles/${rol}/permisos`, (request) => {
      const { permisos } = request.body as { permisos: string[] };
      puts.push({ rol, permisos });
      roles = { ...roles, roles: roles.roles.map((r) => (r.rol === rol ? { ...r, permisos } : r)) };
      return { body: { success: true, msg: 'Permisos actualizados.', data: roles } };
    });
  }
  signInWith(['administracion.roles']);
});
afterEach(cleanupApp);

const casilla = (nombre: string) => screen.getByRole('checkbox', { name: nombre }) as HTMLInputElement;

describe('RolesView', { timeout: 30_000 }, () => {
  it('shows a checkbox per role and permiso; the administrador keeps «administrar roles» checked and disabled', async () => {
    renderWithApp([{ path: '/', Component: RolesView }], '/');
    await screen.findByRole('checkbox', { name: 'gestor: Ver expedientes' });
    expect(screen.getAllByRole('checkbox')).toHaveLength(12);
    const fijo = casilla('administrador: Administrar los permisos de cada rol (fijo)');
    expect(fijo.checked).toBe(true);
    expect(fijo.disabled).toBe(true);
    expect(casilla('administrador: Ver expedientes').disabled).toBe(false);
    expect(casilla('gestor: Administrar los permisos de cada rol').checked).toBe(false);
    expect(casilla('consulta: Ver expedientes').checked).toBe(true);
    expect(casilla('consulta: Subir documentos').checked).toBe(false);
    expect(screen.getAllByText('2 personas').length).toBeGreaterThan(0);
  });

  it('keeps the header row with the role names stuck under the app header while the permisos scroll', async () => {
    renderWithApp([{ path: '/', Component: RolesView }], '/');
    await screen.findByRole('checkbox', { name: 'gestor: Ver expedientes' });
    const cabecera = document.querySelector<HTMLElement>('.admin-matriz .ant-table-sticky-holder');
    expect(cabecera).not.toBeNull();
    expect(cabecera!.style.top).toBe('64px');
    expect(cabecera!.textContent).toContain('gestor');
    expect(cabecera!.textContent).toContain('consulta');
  });

  it('saves exactly the checked set of each changed role, and nothing for the others', async () => {
    renderWithApp([{ path: '/', Component: RolesView }], '/');
    await screen.findByRole('checkbox', { name: 'gestor: Ver expedientes' });
    const guardar = screen.getByText('Guardar cambios', { selector: 'button span' }).closest('button')!;
    expect(guardar.disabled).toBe(true);

    fireEvent.click(casilla('gestor: Subir documentos'));
    fireEvent.click(casilla('consulta: Subir documentos'));
    fireEvent.click(casilla('consulta: Subir documentos'));
    fireEvent.click(casilla('consulta: Editar expedientes'));
    // Ticking the fixed one does nothing: it is disabled.
    fireEvent.click(casilla('administrador: Administrar los permisos de cada rol (fijo)'));
    expect(screen.getByTestId('roles-pendientes').textContent).toBe('Cambios sin guardar en: gestor, consulta.');

    await userEvent.click(guardar);
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts).toEqual([
      { rol: 'gestor', permisos: ['expedientes.editar', 'expedientes.ver'] },
      { rol: 'consulta', permisos: ['expedientes.editar', 'expedientes.ver'] },
    ]);
    // The ticks now come from the roles as saved: wait for them, not only for the draft to empty.
    await waitFor(() => {
      expect(screen.getByTestId('roles-pendientes').textContent).toBe('Sin cambios pendientes.');
      expect(casilla('gestor: Subir documentos').checked).toBe(false);
      expect(casilla('consulta: Editar expedientes').checked).toBe(true);
    });
  });

  it('sends the administrador its fixed permiso even when only another one changes', async () => {
    renderWithApp([{ path: '/', Component: RolesView }], '/');
    await screen.findByRole('checkbox', { name: 'gestor: Ver expedientes' });
    fireEvent.click(casilla('administrador: Subir documentos'));
    await userEvent.click(screen.getByText('Guardar cambios', { selector: 'button span' }));
    await waitFor(() =>
      expect(puts).toEqual([
        { rol: 'administrador', permisos: ['administracion.roles', 'expedientes.editar', 'expedientes.ver'] },
      ]),
    );
  });

  it('forgets the ticks with «Descartar cambios»', async () => {
    renderWithApp([{ path: '/', Component: RolesView }], '/');
    await screen.findByRole('checkbox', { name: 'gestor: Ver expedientes' });
    fireEvent.click(casilla('gestor: Ver expedientes'));
    expect(casilla('gestor: Ver expedientes').checked).toBe(false);
    await userEvent.click(screen.getByText('Descartar cambios', { selector: 'button span' }));
    expect(casilla('gestor: Ver expedientes').checked).toBe(true);
    expect(puts).toEqual([]);
  });

  it('lists the roles seen but not declared, and declares one with its description', async () => {
    const enviados: unknown[] = [];
    server().routes.set('POST /api/admin/roles', (request) => {
      enviados.push(request.body);
      return { status: 201, body: { success: true, msg: 'Rol «archivero» declarado.', data: roles } };
    });
    renderWithApp([{ path: '/', Component: RolesView }], '/');
    const nota = await screen.findByTestId('roles-sin-declarar');
    expect(nota.textContent).toContain('archivero (1 persona), offline_access (todas las personas)');
    await userEvent.click(screen.getByRole('button', { name: /Declarar rol/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Nombre del rol'), { target: { value: 'archivero' } });
    fireEvent.change(within(dialog).getByLabelText('Descripción'), { target: { value: 'Personal del archivo' } });
    expect(within(dialog).queryByTestId('rol-de-todo-el-dominio')).toBeNull();
    await userEvent.click(dialogButton(dialog, 'Declarar rol'));
    await waitFor(() => expect(enviados).toEqual([{ nombre: 'archivero', descripcion: 'Personal del archivo' }]));
  });

  it('asks to confirm a role every person carries before declaring it', async () => {
    const enviados: unknown[] = [];
    server().routes.set('POST /api/admin/roles', (request) => {
      enviados.push(request.body);
      return { status: 201, body: { success: true, msg: 'Rol declarado.', data: roles } };
    });
    renderWithApp([{ path: '/', Component: RolesView }], '/');
    await screen.findByTestId('roles-sin-declarar');
    await userEvent.click(screen.getByRole('button', { name: /Declarar rol/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Nombre del rol'), {
      target: { value: 'default-roles-ecodigital' },
    });
    fireEvent.change(within(dialog).getByLabelText('Descripción'), { target: { value: 'Rol por defecto' } });
    await within(dialog).findByTestId('rol-de-todo-el-dominio');
    await userEvent.click(dialogButton(dialog, 'Declarar rol'));
    await within(dialog).findByText('Confírmelo para declarar este rol.');
    expect(enviados).toEqual([]);
    fireEvent.click(within(dialog).getByLabelText('Entiendo que los permisos de este rol serán de todas las personas'));
    await userEvent.click(dialogButton(dialog, 'Declarar rol'));
    await waitFor(() =>
      expect(enviados).toEqual([
        { nombre: 'default-roles-ecodigital', descripcion: 'Rol por defecto', confirmar_todo_el_dominio: true },
      ]),
    );
  });
});
