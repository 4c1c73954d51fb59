import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MenuItem } from '@ecodigital/contracts/session';
import { MenuIcon } from '../../../components/menu-icons';
import { cleanupApp, renderWithApp, signedInSession } from '../../../testing/render-app';
import { setUpTestApiServer, signInWith } from '../../../testing/set-up-test-api-server';
import { AdministracionView } from './AdministracionView';

setUpTestApiServer();
const entrada = (id: number, nom_mostrar: string, nom_modulo: string, icon: string): MenuItem => ({
  id,
  nom_mostrar,
  nom_modulo,
  icon,
  children: [],
});

beforeEach(() => {
  signInWith(['administracion.unidades', 'administracion.trabajos']);
  signedInSession.current!.menu = [
    {
      ...entrada(3, 'Administración', 'administracion', 'SettingOutlined'),
      children: [
        entrada(4, 'Unidades', 'administracion/unidades', 'ApartmentOutlined'),
        entrada(10, 'Colas de trabajos', 'administracion/trabajos', 'DashboardOutlined'),
      ],
    },
  ];
});
afterEach(cleanupApp);

describe('AdministracionView', () => {
  it('shows a card for each section the menu gives the person, with its title, description, link and icon', async () => {
    renderWithApp(
      [{ path: '/', Component: () => <AdministracionView renderIcon={(icon) => <MenuIcon name={icon} />} /> }],
      '/',
    );
    const tarjetas = within(await screen.findByRole('list', { name: 'Secciones de administración' })).getAllByRole(
      'link',
    );
    expect(tarjetas.map((tarjeta) => [tarjeta.getAttribute('href'), tarjeta.textContent])).toEqual([
      ['/administracion/unidades', 'UnidadesEl árbol de la organización: añada, renombre, mueva o desactive unidades.'],
      [
        '/administracion/trabajos',
        'Colas de trabajosLas colas de trabajos: cuántos esperan, los que fallaron y por qué; pausa y reintento.',
      ],
    ]);
    await waitFor(() => {
      expect(tarjetas[0]!.querySelector('.anticon-apartment')).not.toBeNull();
      expect(tarjetas[1]!.querySelector('.anticon-dashboard')).not.toBeNull();
    });
  });
});
