import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SerieDocumental, TipoRetencion } from '@ecodigital/contracts/retencion';
import { dialogButton, openOptions } from '../../../testing/dialog-queries';
import { cleanupApp, renderWithApp } from '../../../testing/render-app';
import { setUpTestApiServer, signInWith } from '../../../testing/set-up-test-api-server';
import { CuadroClasificacionView } from './CuadroClasificacionView';

const server = setUpTestApiServer();
const serie: SerieDocumental = {
  id: 1,
  codigo: 'URB-01',
  nombre: 'Licencias urbanísticas',
  activo: true,
  regla: { disposicion: 'eliminacion', anios: 5 },
  tipos: [{ id: 3, nombre: 'Licencia' }],
};
const tipos: TipoRetencion[] = [
  {
    id: 3,
    nombre: 'Licencia',
    activo: true,
    serie: { id: 1, codigo: 'URB-01', nombre: 'Licencias urbanísticas' },
    regla: null,
    regla_efectiva: { disposicion: 'eliminacion', anios: 5 },
  },
  { id: 1, nombre: 'Solicitud', activo: true, serie: null, regla: null, regla_efectiva: null },
];

beforeEach(() => {
  server().routes.set('GET /api/admin/retencion/series', () => ({ body: { success: true, data: [serie] } }));
  server().routes.set('GET /api/admin/retencion/tipos', () => ({ body: { success: true, data: tipos } }));
  signInWith(['retencion.gestionar']);
});
afterEach(cleanupApp);

describe('CuadroClasificacionView', { timeout: 30_000 }, () => {
  it('shows each serie with its rule and each tipo with the rule that applies to it', async () => {
    renderWithApp([{ path: '/', Component: CuadroClasificacionView }], '/');
    expect(await screen.findByText('URB-01')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Eliminación a los 5 años del cierre')).toHaveLength(2));
    const solicitud = screen.getByRole('cell', { name: 'Solicitud' }).closest('tr')!;
    expect(within(solicitud).getByText('Sin regla')).toBeTruthy();
  });

  it('adds a serie with a rule of eliminación after some years', async () => {
    server().routes.set('POST /api/admin/retencion/series', () => ({
      status: 201,
      body: { success: true, msg: 'Serie documental añadida.', data: { ...serie, id: 2, codigo: 'PER-02', tipos: [] } },
    }));
    renderWithApp([{ path: '/', Component: CuadroClasificacionView }], '/');
    await screen.findByText('URB-01');
    fireEvent.click(screen.getByRole('button', { name: 'Nueva serie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva serie documental' });
    fireEvent.change(within(dialog).getByLabelText('Código'), { target: { value: 'PER-02' } });
    fireEvent.change(within(dialog).getByLabelText('Nombre'), { target: { value: 'Expedientes de personal' } });
    fireEvent.click((await openOptions(dialog, 'Regla de conservación'))[2]!);
    fireEvent.change(await within(dialog).findByLabelText('Años tras el cierre'), { target: { value: '10' } });
    fireEvent.click(dialogButton(dialog, 'Guardar'));
    await waitFor(() =>
      expect(server().requests.find((request) => request.method === 'POST')?.body).toEqual({
        codigo: 'PER-02',
        nombre: 'Expedientes de personal',
        activo: true,
        regla: { disposicion: 'eliminacion', anios: 10 },
      }),
    );
  });
});
