import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanupApp, renderWithApp } from '../../../testing/render-app';
import { openOptions } from '../../../testing/dialog-queries';
import { signInWith, setUpTestApiServer } from '../../../testing/set-up-test-api-server';
import { multipartParts } from '../../../testing/multipart-parts';
import { expedienteDemo, resumenDemo, TIPOS, UNIDADES } from '../test-fixtures';
import { ExpedientesListView } from '../views/ExpedientesListView';

const server = setUpTestApiServer();

const REFUSAL =
  'El contenido del documento «ES_L01280796_2026_DOC_12» no coincide con la huella (ValorHuella) del índice firmado.';

beforeEach(() => {
  server().routes.set('GET /api/expedientes', () => ({
    body: {
      success: true,
      data: { items: [resumenDemo()], total: 1, totalExacto: true, page: 1, pageSize: 25, siguiente: null },
    },
  }));
  server().routes.set('GET /api/catalogos/tipos-expediente', () => ({ body: { success: true, data: TIPOS } }));
  server().routes.set('GET /api/catalogos/unidades', (request) => ({
    body: {
      success: true,
      data: request.query.get('ambito') === 'creacion' ? UNIDADES.filter((u) => u.id === 4) : UNIDADES,
    },
  }));
  server().routes.set('POST /api/expedientes/importar-eni', (request) => {
    const archivo = multipartParts(request).find((parte) => parte.name === 'archivo');
    if (archivo?.filename === 'roto.zip') {
      return { status: 400, body: { success: false, msg: REFUSAL, code: 'ENI_NO_VALIDO' } };
    }
    return {
      status: 201,
      body: {
        success: true,
        msg: 'Expediente ENI incorporado como EXP-2026-000042 (2 documentos).',
        data: {
          expediente: expedienteDemo({
            id_expediente: 42,
            numero: 'EXP-2026-000042',
            unidad: { id: 4, nombre: 'Hacienda' },
          }),
          documentos: 2,
          origen: {
            identificador: 'ES_L01280796_2026_EXP_9',
            organo: 'L01280796',
            firmante: 'CN=Sello de órgano, O=Ayuntamiento, C=ES',
          },
        },
      },
    };
  });
});
afterEach(cleanupApp);

function renderList() {
  return renderWithApp(
    [
      { path: '/expedientes', Component: ExpedientesListView },
      { path: '/expedientes/ver/:id_expediente', element: <p>detalle del expediente</p> },
    ],
    '/expedientes',
  );
}

async function rellenar(dialog: HTMLElement, nombre: string) {
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [new File(['PK zip'], nombre, { type: 'application/zip' })] } });
  await within(dialog).findByText(nombre);
  fireEvent.click((await openOptions(dialog, 'Unidad responsable'))[0]!);
  fireEvent.click((await openOptions(dialog, 'Tipo'))[2]!);
}

const posts = () => server().requests.filter((request) => request.path === '/api/expedientes/importar-eni');

describe('«Incorporar expediente ENI» on the expedientes list', { timeout: 20_000 }, () => {
  it('sends the ZIP with the unidad and tipo chosen and opens the new expediente', async () => {
    signInWith(['expedientes.ver', 'expedientes.crear']);
    const { router } = renderList();
    await screen.findByText('EXP-2025-000007');
    await userEvent.click(screen.getByRole('button', { name: /Incorporar expediente ENI/ }));
    const dialog = await screen.findByRole('dialog');
    // Nothing is sent without a file, a unidad and a tipo.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Incorporar' }));
    expect(await within(dialog).findByText('Elija el archivo ZIP del expediente.')).toBeTruthy();
    expect(posts()).toHaveLength(0);

    await rellenar(dialog, 'expediente-eni.zip');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Incorporar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/expedientes/ver/42'));
    const partes = multipartParts(posts()[0]!);
    expect(partes.map((parte) => [parte.name, parte.filename ?? parte.content])).toEqual([
      ['id_unidad', '4'],
      ['id_tipo', '3'],
      ['archivo', 'expediente-eni.zip'],
    ]);
  });

  it('shows the refusal in Spanish, naming the document, and stays open', async () => {
    signInWith(['expedientes.ver', 'expedientes.crear']);
    const { router } = renderList();
    await screen.findByText('EXP-2025-000007');
    await userEvent.click(screen.getByRole('button', { name: /Incorporar expediente ENI/ }));
    const dialog = await screen.findByRole('dialog');
    await rellenar(dialog, 'roto.zip');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Incorporar' }));
    const alerta = await within(dialog).findByRole('alert');
    expect(alerta.textContent).toContain('No se incorporó el expediente');
    expect(alerta.textContent).toContain(REFUSAL);
    expect(router.state.location.pathname).toBe('/expedientes');
  });

  it('is not offered to who cannot create expedientes', async () => {
    signInWith(['expedientes.ver']);
    renderList();
    await screen.findByText('EXP-2025-000007');
    expect(screen.queryByRole('button', { name: /Incorporar expediente ENI/ })).toBeNull();
  });
});
