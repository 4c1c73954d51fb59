import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import type { MenuItem } from '@ecodigital/contracts/session';
import { sessionQuery } from '../session/session-query';
import { installBrowserShims } from '../testing/render-app';
import { SideMenu } from './SideMenu';

const menu: MenuItem[] = [
  {
    id: 1,
    nom_mostrar: 'Expedientes',
    nom_modulo: 'expedientes',
    icon: 'FolderOutlined',
    children: [
      { id: 2, nom_mostrar: 'Subir documentos', nom_modulo: 'subir-documentos', icon: 'UploadOutlined', children: [] },
    ],
  },
];

beforeAll(installBrowserShims);

function Frame() {
  return (
    <>
      <SideMenu />
      <Outlet />
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        Component: Frame,
        children: [
          { index: true, element: <p>inicio</p>, handle: { title: 'Inicio' } },
          { path: 'expedientes', element: <p>lista</p>, handle: { title: 'Expedientes', nom_modulo: 'expedientes' } },
          {
            path: 'subir-documentos',
            element: <p>subir</p>,
            handle: { title: 'Subir documentos', nom_modulo: 'subir-documentos' },
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const nav = () => screen.getByRole('navigation', { name: 'Menú principal' });
const selectedLabels = () =>
  [...nav().querySelectorAll('.ant-menu-item-selected')].map((node) => node.textContent?.trim());

let queryClient: QueryClient;
beforeEach(() => {
  queryClient = new QueryClient();
  queryClient.setQueryData(sessionQuery.queryKey, {
    usuario: {
      id_usuario: 1,
      sub: 's',
      username: 'gestor',
      nombres: 'Juan Carlos',
      apellidos: 'Pérez Ruiz',
      email: null,
      roles: ['gestor'],
    },
    permisos: [],
    menu,
  });
});
afterEach(cleanup);

describe('SideMenu', () => {
  it('shows nombres, Inicio and the nested menu with links to /{nom_modulo}', () => {
    renderAt('/');
    expect(screen.getByTestId('sider-nombres').textContent).toBe('Juan Carlos');
    expect(within(nav()).getByRole('menuitem', { name: /Inicio/ })).toBeTruthy();
    expect(within(nav()).getByRole('link', { name: 'Expedientes' }).getAttribute('href')).toBe('/expedientes');
    expect(within(nav()).getByRole('link', { name: 'Subir documentos' }).getAttribute('href')).toBe(
      '/subir-documentos',
    );
    expect(selectedLabels()).toEqual([]);
  });

  it('highlights the nested item on first load of its route', async () => {
    renderAt('/subir-documentos');
    await screen.findByText('subir');
    expect(selectedLabels()).toEqual(['Subir documentos']);
  });

  it('follows navigation and clears the highlight with Inicio', async () => {
    const user = userEvent.setup();
    const router = renderAt('/');
    await user.click(within(nav()).getByRole('link', { name: 'Expedientes' }));
    await screen.findByText('lista');
    expect(selectedLabels()).toEqual(['Expedientes']);

    await act(() => router.navigate('/subir-documentos'));
    expect(selectedLabels()).toEqual(['Subir documentos']);

    await user.click(within(nav()).getByRole('link', { name: 'Inicio' }));
    await screen.findByText('inicio');
    expect(selectedLabels()).toEqual([]);
  });
});
