import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ActaEliminacion, ActaResumen, PendientesDictamen } from '@ecodigital/contracts/retencion';
import { dialogButton } from '../../../testing/dialog-queries';
import { cleanupApp, renderWithApp } from '../../../testing/render-app';
import { setUpTestApiServer, signInWith } from '../../../testing/set-up-test-api-server';
import { onAWideScreen } from '../../../testing/wide-screen';
import { EliminacionView } from './EliminacionView';

const server = setUpTestApiServer();
const persona = { id_usuario: 1, username: 'admin', nombre_completo: 'María José García López' };
let pendientes: PendientesDictamen;
let actas: ActaResumen[];

const borrador: ActaResumen = {
  id: 3,
  numero: 'AE-000003',
  estado: 'borrador',
  motivo: 'Plazo cumplido',
  creada_por: persona,
  creada_en: '2026-03-04T09:05:00.000Z',
  aprobada_por: null,
  aprobada_en: null,
  motivo_aprobacion: null,
  ejecutada_en: null,
  num_expedientes: 1,
};

beforeEach(() => {
  pendientes = {
    truncado: false,
    items: [
      {
        id_expediente: 5,
        numero: 'EXP-2019-000005',
        asunto: 'Licencia de obra menor',
        tipo: 'Licencia',
        serie: 'URB-01 Licencias urbanísticas',
        fecha_cierre: '2019-02-01T10:00:00.000Z',
        anios: 5,
        cumplido_el: '2024-02-01',
        documentos: 2,
        acta_borrador: null,
      },
    ],
  };
  actas = [
    borrador,
    {
      ...borrador,
      id: 2,
      numero: 'AE-000002',
      estado: 'ejecutada',
      aprobada_por: persona,
      aprobada_en: '2026-02-01T09:00:00.000Z',
      motivo_aprobacion: 'Dictamen favorable',
      ejecutada_en: '2026-02-01T09:00:01.000Z',
    },
  ];
  server().routes.set('GET /api/admin/retencion/pendientes', () => ({ body: { success: true, data: pendientes } }));
  server().routes.set('GET /api/admin/retencion/actas', () => ({ body: { success: true, data: actas } }));
});
afterEach(cleanupApp);

const acta = (resumen: ActaResumen): ActaEliminacion => ({
  ...resumen,
  expedientes: [
    { id_expediente: 5, numero: 'EXP-2019-000005', asunto: 'Licencia de obra menor', documentos: null, bytes: null },
  ],
});

describe('EliminacionView', { timeout: 30_000 }, () => {
  it('lists the pendientes and drafts an acta from the selected ones with a motivo', async () => {
    signInWith(['retencion.gestionar']);
    server().routes.set('POST /api/admin/retencion/actas', () => ({
      status: 201,
      body: { success: true, msg: 'Borrador de acta de eliminación creado.', data: acta(borrador) },
    }));
    renderWithApp([{ path: '/', Component: EliminacionView }], '/');
    const enlace = await screen.findByRole('link', { name: 'EXP-2019-000005' });
    expect(enlace.getAttribute('href')).toBe('/expedientes/ver/5');
    expect(screen.getByText('01/02/2024')).toBeTruthy();
    // Without the approval permiso the draft can be discarded, not approved.
    expect(screen.queryByRole('button', { name: 'Aprobar AE-000003' })).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar EXP-2019-000005' }));
    fireEvent.click(screen.getByRole('button', { name: 'Redactar acta (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redactar acta de eliminación' });
    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: 'Plazo de conservación cumplido' } });
    fireEvent.click(dialogButton(dialog, 'Redactar borrador'));
    await waitFor(() =>
      expect(server().requests.find((request) => request.method === 'POST')?.body).toEqual({
        motivo: 'Plazo de conservación cumplido',
        expedientes: [5],
      }),
    );
  });

  it('approves a draft with a motivo for whoever holds «retencion.aprobar_eliminacion»', async () => {
    signInWith(['retencion.gestionar', 'retencion.aprobar_eliminacion']);
    server().routes.set('POST /api/admin/retencion/actas/3/aprobacion', () => ({
      body: {
        success: true,
        msg: 'Acta aprobada: se eliminó el contenido de los documentos que lista.',
        data: acta({
          ...borrador,
          estado: 'ejecutada',
          aprobada_por: persona,
          aprobada_en: '2026-03-05T09:00:00.000Z',
          motivo_aprobacion: 'Dictamen favorable',
          ejecutada_en: '2026-03-05T09:00:01.000Z',
        }),
      },
    }));
    renderWithApp([{ path: '/', Component: EliminacionView }], '/');
    expect(await screen.findByRole('button', { name: 'PDF firmado' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Aprobar AE-000003' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aprobar el acta AE-000003' });
    expect(within(dialog).getByText(/No se puede deshacer/)).toBeTruthy();
    fireEvent.click(dialogButton(dialog, 'Aprobar y eliminar'));
    expect(await within(dialog).findByText('Indique el motivo.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: 'Dictamen favorable' } });
    fireEvent.click(dialogButton(dialog, 'Aprobar y eliminar'));
    await waitFor(() =>
      expect(
        server().requests.find((request) => request.path === '/api/admin/retencion/actas/3/aprobacion')?.body,
      ).toEqual({
        motivo: 'Dictamen favorable',
      }),
    );
  });

  it('on a narrow screen puts «Redactar acta» below the card title, which it would otherwise cut', async () => {
    signInWith(['retencion.gestionar']);
    const { container } = renderWithApp([{ path: '/', Component: EliminacionView }], '/');
    await screen.findByRole('link', { name: 'EXP-2019-000005' });
    const tarjeta = tarjetaDe(container, 'Pendientes de dictamen');
    expect(tarjeta.querySelector('.ant-card-head')!.textContent).toBe('Pendientes de dictamen');
    expect(
      within(tarjeta.querySelector<HTMLElement>('.ant-card-body')!).getByRole('button', { name: 'Redactar acta (0)' }),
    ).toBeTruthy();
  });

  describe('on a wide screen', () => {
    onAWideScreen();

    it('keeps «Redactar acta» in the title bar, and lets long texts wrap instead of widening the tables', async () => {
      signInWith(['retencion.gestionar']);
      const { container } = renderWithApp([{ path: '/', Component: EliminacionView }], '/');
      await screen.findByRole('link', { name: 'EXP-2019-000005' });
      const tarjeta = tarjetaDe(container, 'Pendientes de dictamen');
      expect(
        within(tarjeta.querySelector<HTMLElement>('.ant-card-head')!).getByRole('button', {
          name: 'Redactar acta (0)',
        }),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: 'EXP-2019-000005' }).closest('td')!.style.whiteSpace).toBe('nowrap');
      // At 1.366 px «max-content» pushed «Plazo cumplido» and the acta's number out of sight.
      for (const tabla of container.querySelectorAll('table')) expect(tabla.style.width).not.toBe('max-content');
      // The serie under its tipo, and who drafted an acta under when: narrow columns.
      expect(screen.getByText('Licencia').textContent).toBe('Licencia');
      expect(screen.getByText('Serie URB-01 Licencias urbanísticas')).toBeTruthy();
      expect((await screen.findAllByText('María José García López')).length).toBeGreaterThan(0);
    });
  });
});

function tarjetaDe(container: HTMLElement, titulo: string): HTMLElement {
  const tarjeta = [...container.querySelectorAll<HTMLElement>('.ant-card')].find(
    (card) => card.querySelector('.ant-card-head-title')?.textContent === titulo,
  );
  if (!tarjeta) throw new Error(`No card titled «${titulo}»`);
  return tarjeta;
}
