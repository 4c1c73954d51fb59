import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExpedienteResumen } from '@ecodigital/contracts/expedientes';
import { cleanupApp, renderWithApp } from '../../../testing/render-app';
import { signInWith, setUpTestApiServer } from '../../../testing/set-up-test-api-server';
import { lucia, resumenDemo, RESPONSABLES, TIPOS, UNIDADES } from '../test-fixtures';
import { ExpedientesListView } from './ExpedientesListView';
import { openOptions } from '../../../testing/dialog-queries';

const server = setUpTestApiServer();
let items: ExpedienteResumen[];
let totalExacto: boolean;
let unidadesDeCreacion: typeof UNIDADES;

beforeEach(() => {
  items = [
    resumenDemo(),
    resumenDemo({
      id_expediente: 8,
      numero: 'EXP-2025-000008',
      asunto: 'Queja por ruido nocturno',
      estado: 'cerrado',
      responsable: null,
    }),
  ];
  totalExacto = true;
  unidadesDeCreacion = UNIDADES.filter((unidad) => unidad.ruta.startsWith('Urbanismo'));
  server().routes.set('GET /api/expedientes', (request) => {
    const page = Number(request.query.get('page') ?? 1);
    const total = items.length === 0 ? 0 : totalExacto ? 1234 : 1000;
    return {
      body: {
        success: true,
        data: {
          items,
          total,
          totalExacto,
          page,
          pageSize: 10,
          siguiente: items.length === 0 ? null : `cursor-de-${page}`,
        },
      },
    };
  });
  server().routes.set('GET /api/catalogos/tipos-expediente', () => ({ body: { success: true, data: TIPOS } }));
  // Every unidad for the filter; only the person's own (and those below them) to open an expediente.
  server().routes.set('GET /api/catalogos/unidades', (request) => ({
    body: { success: true, data: request.query.get('ambito') === 'creacion' ? unidadesDeCreacion : UNIDADES },
  }));
  // The section (3) has only Lucía; the filter asks for everyone.
  server().routes.set('GET /api/catalogos/responsables', (request) => ({
    body: { success: true, data: request.query.get('unidad') === '3' ? [lucia] : RESPONSABLES },
  }));
  signInWith(['expedientes.ver', 'expedientes.crear'], {
    id_usuario: 3,
    username: 'u',
    nombres: 'Lucía',
    apellidos: 'Fernández Díaz',
  });
});
afterEach(cleanupApp);

function renderList(search = '') {
  return renderWithApp(
    [
      { path: '/expedientes', Component: ExpedientesListView },
      { path: '/expedientes/ver/:id_expediente', element: <p>detalle</p> },
    ],
    `/expedientes${search}`,
  );
}

/** The option texts of an opened antd Select, from its own dropdown. */
const optionsOf = (input: HTMLElement) =>
  [
    ...(document
      .getElementById(input.getAttribute('aria-controls') ?? '')
      ?.closest('.ant-select-dropdown')
      ?.querySelectorAll('.ant-select-item-option') ?? []),
  ].map((option) => option.textContent);

const listRequests = () => server().requests.filter((request) => request.path === '/api/expedientes');

describe('ExpedientesListView', { timeout: 20_000 }, () => {
  it('asks the API with the filters, sort and page of the URL and shows the page', async () => {
    renderList('?q=licencia&estado=cerrado&estado=abierto&tipo=3&sort=numero&order=desc&page=2&pageSize=25');
    await screen.findByText('EXP-2025-000008');
    const query = listRequests()[0]!.query;
    expect([...query.entries()].sort()).toEqual(
      [
        ['q', 'licencia'],
        ['estado', 'abierto'],
        ['estado', 'cerrado'],
        ['tipo', '3'],
        ['sort', 'numero'],
        ['order', 'desc'],
        ['page', '2'],
        ['pageSize', '25'],
      ].sort(),
    );
    expect(screen.getByText('Total: 1.234 expedientes')).toBeTruthy();
    expect((screen.getByLabelText('Buscar expedientes') as HTMLInputElement).value).toBe('licencia');
    const row = screen.getByText('EXP-2025-000008').closest('tr')!;
    expect(within(row).getByText('Cerrado')).toBeTruthy();
    expect(within(row).getByText('04/03/2025')).toBeTruthy();
    expect(screen.getByText('Nuevo expediente')).toBeTruthy();
  });

  it('pages forward by cursor, keeps the cursors in the URL for reload and Anterior, and jumps by offset', async () => {
    const { router } = renderList();
    await screen.findByText('EXP-2025-000008');
    fireEvent.click(screen.getByTitle('Página siguiente'));
    await waitFor(() => expect(listRequests().at(-1)?.query.get('cursor')).toBe('cursor-de-1'));
    expect(listRequests().at(-1)?.query.get('page')).toBe('2');
    await waitFor(() => expect(router.state.location.search).toBe('?page=2&cursor=cursor-de-1'));

    fireEvent.click(screen.getByTitle('Página siguiente'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3&cursor=cursor-de-1&cursor=cursor-de-2'));
    await waitFor(() => expect(listRequests().at(-1)?.query.get('cursor')).toBe('cursor-de-2'));

    fireEvent.click(screen.getByTitle('Página anterior'));
    // Page 2 read with the same cursor comes from the query cache: the URL is what must match.
    await waitFor(() => expect(router.state.location.search).toBe('?page=2&cursor=cursor-de-1'));

    fireEvent.click(screen.getByTitle('5'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=5'));
    await waitFor(() => expect(listRequests().at(-1)?.query.get('page')).toBe('5'));
    expect(listRequests().at(-1)?.query.has('cursor')).toBe(false);
    cleanupApp();

    renderList('?page=3&cursor=cursor-de-1&cursor=cursor-de-2');
    await screen.findByText('EXP-2025-000008');
    expect(listRequests().at(-1)?.query.getAll('cursor')).toEqual(['cursor-de-2']);
  });

  it('says "más de" when the API could not count every match, and still offers the next page', async () => {
    totalExacto = false;
    renderList('?page=100');
    await screen.findByText(/^Más de 1.000 expedientes/);
    expect(screen.getByTitle('101')).toBeTruthy();
    expect(screen.getByTitle('Página siguiente').getAttribute('aria-disabled')).not.toBe('true');
  });

  it('counts them all when asked, and then reaches the last page by offset', async () => {
    totalExacto = false;
    const { router } = renderList('?q=queja&page=2&cursor=cursor-de-1');
    await screen.findByText(/Más de 1.000 expedientes/);
    totalExacto = true;
    fireEvent.click(screen.getByTestId('contar-todos'));
    await screen.findByText('Total: 1.234 expedientes');
    expect(listRequests().at(-1)?.query.get('contar')).toBe('todos');
    fireEvent.click(screen.getByTitle('124'));
    await waitFor(() => expect(listRequests().at(-1)?.query.get('page')).toBe('124'));
    expect(listRequests().at(-1)?.query.get('cursor')).toBeNull();
    expect(listRequests().at(-1)?.query.get('contar')).toBe('todos');
    expect(new URLSearchParams(router.state.location.search).get('contar')).toBe('todos');
    // A new filter is counted up to the usual bound again.
    fireEvent.change(screen.getByLabelText('Buscar expedientes'), { target: { value: 'ruido' } });
    await waitFor(() => expect(listRequests().at(-1)?.query.get('q')).toBe('ruido'));
    expect(listRequests().at(-1)?.query.get('contar')).toBeNull();
  });

  it('opens the detail with a click or with Enter on a focused row', async () => {
    const first = renderList();
    fireEvent.click(await screen.findByText('Queja por ruido nocturno'));
    await screen.findByText('detalle');
    expect(first.router.state.location.pathname).toBe('/expedientes/ver/8');
    cleanupApp();

    const second = renderList();
    const row = (await screen.findByText('EXP-2025-000007')).closest('tr')!;
    expect(row.getAttribute('tabindex')).toBe('0');
    row.focus();
    fireEvent.keyDown(row, { key: 'Enter' });
    await screen.findByText('detalle');
    expect(second.router.state.location.pathname).toBe('/expedientes/ver/7');
  });

  it('writes the search to the URL once typing pauses, back on the first page', async () => {
    const { router } = renderList('?page=3');
    await screen.findByText('EXP-2025-000007');
    fireEvent.change(screen.getByLabelText('Buscar expedientes'), { target: { value: 'peticion' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=peticion'));
    await waitFor(() => expect(listRequests().at(-1)?.query.get('q')).toBe('peticion'));
    expect(listRequests().at(-1)?.query.get('page')).toBe('1');
  });

  it('tells the person in Spanish when the API limits their searches (429)', async () => {
    const lista = server().routes.get('GET /api/expedientes')!;
    const msg =
      'Ha hecho demasiadas peticiones de este tipo (máximo 120 por minuto). Espere 42 s y vuelva a intentarlo.';
    server().routes.set('GET /api/expedientes', (request) =>
      request.query.get('q')
        ? {
            status: 429,
            headers: { 'Retry-After': '42' },
            body: { success: false, msg, code: 'DEMASIADAS_PETICIONES' },
          }
        : lista(request),
    );
    renderList();
    await screen.findByText('EXP-2025-000007');
    fireEvent.change(screen.getByLabelText('Buscar expedientes'), { target: { value: 'licencia' } });
    await waitFor(() => expect(listRequests().at(-1)?.query.get('q')).toBe('licencia'));
    // The toast renderer loads with the first toast: on a loaded machine that takes a while.
    await screen.findByText(msg, undefined, { timeout: 10_000 });
  });

  it('offers in the create form only the unidades where the person may open one; the filter offers all', async () => {
    renderList();
    await screen.findByText('EXP-2025-000007');
    const filtro = screen.getByLabelText('Unidad');
    fireEvent.mouseDown(filtro.closest('.ant-select')!);
    await waitFor(() =>
      expect(optionsOf(filtro)).toEqual(UNIDADES.map((u) => (u.activo ? u.ruta : `${u.ruta} (desactivada)`))),
    );

    await userEvent.click(screen.getByRole('button', { name: /Nuevo expediente/ }));
    const dialog = await screen.findByRole('dialog');
    const unidad = within(dialog).getByLabelText('Unidad responsable');
    fireEvent.mouseDown(unidad.closest('.ant-select')!);
    await waitFor(() => expect(optionsOf(unidad)).toEqual(['Urbanismo', 'Urbanismo › Sección de Licencias']));
    const tipo = within(dialog).getByLabelText('Tipo');
    fireEvent.mouseDown(tipo.closest('.ant-select')!);
    await waitFor(() => expect(optionsOf(tipo)).toEqual(['Solicitud', 'Queja o reclamación', 'Licencia']));
    expect(
      server()
        .requests.filter((request) => request.path === '/api/catalogos/unidades')
        .map((r) => r.query.toString()),
    ).toEqual(expect.arrayContaining(['', 'ambito=creacion']));
  });

  it('offers as responsable only the people of the unidad chosen, and none before choosing one', async () => {
    renderList();
    await screen.findByText('EXP-2025-000007');
    await userEvent.click(screen.getByRole('button', { name: /Nuevo expediente/ }));
    const dialog = await screen.findByRole('dialog');
    const responsable = within(dialog).getByLabelText('Responsable');
    expect(responsable.closest('.ant-select')?.classList.contains('ant-select-disabled')).toBe(true);
    expect(within(dialog).getByText('Elija antes la unidad responsable.')).toBeTruthy();
    fireEvent.click((await openOptions(dialog, 'Unidad responsable'))[1]!);
    await within(dialog).findByText('Una persona de la unidad responsable o de una superior.');
    fireEvent.mouseDown(responsable.closest('.ant-select')!);
    await waitFor(() => expect(optionsOf(responsable)).toEqual(['Lucía Fernández Díaz']));
    expect(server().requests.some((request) => request.query.get('unidad') === '3')).toBe(true);
  });

  it('fills in the unidad when the person may open expedientes in only one, and offers its people', async () => {
    unidadesDeCreacion = UNIDADES.filter((unidad) => unidad.id === 3);
    renderList();
    await screen.findByText('EXP-2025-000007');
    await userEvent.click(screen.getByRole('button', { name: /Nuevo expediente/ }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Unidad responsable').closest('.ant-select')?.textContent).toBe(
        'Urbanismo › Sección de Licencias',
      ),
    );
    await within(dialog).findByText('Una persona de la unidad responsable o de una superior.');
    const responsable = within(dialog).getByLabelText('Responsable');
    fireEvent.mouseDown(responsable.closest('.ant-select')!);
    await waitFor(() => expect(optionsOf(responsable)).toEqual(['Lucía Fernández Díaz']));
  });

  it('says so, instead of an empty select, when the person may open expedientes in no unidad', async () => {
    unidadesDeCreacion = [];
    renderList();
    await screen.findByText('EXP-2025-000007');
    await userEvent.click(screen.getByRole('button', { name: /Nuevo expediente/ }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('No hay ninguna unidad en la que pueda abrir expedientes.');
    expect(within(dialog).queryByLabelText('Unidad responsable')).toBeNull();
    const crear = within(dialog).getByText('Crear expediente', { selector: 'button span' }).closest('button')!;
    expect(crear.disabled).toBe(true);
  });

  it('shows the empty state, and hides "Nuevo expediente" without expedientes.crear', async () => {
    items = [];
    signInWith(['expedientes.ver'], { id_usuario: 3, username: 'u', nombres: 'Lucía', apellidos: 'Fernández Díaz' });
    renderList('?estado=archivado');
    await screen.findByText('No hay expedientes que coincidan con los filtros.');
    expect(screen.queryByText('Nuevo expediente')).toBeNull();
    expect(screen.getByText('Exportar CSV')).toBeTruthy();
  });
});

describe('ExpedientesListView columns', { timeout: 20_000 }, () => {
  const cabeceras = () => screen.getAllByRole('columnheader').map((celda) => celda.textContent);
  afterEach(() => localStorage.clear());

  it('hides the interesado at first, shows it when ticked, and keeps the choice for this person only', async () => {
    renderList();
    await screen.findByText('Queja por ruido nocturno');
    expect(cabeceras()).not.toContain('Interesado');
    expect(cabeceras()).toContain('Responsable');

    fireEvent.click(screen.getByTestId('columnas-menu'));
    const dialogo = await screen.findByRole('dialog');
    expect(within(dialogo).getByText('Columnas de la lista')).toBeTruthy();
    expect(within(dialogo).getByRole('checkbox', { name: 'Número' })).toHaveProperty('disabled', true);
    fireEvent.click(within(dialogo).getByRole('checkbox', { name: 'Interesado' }));
    fireEvent.click(within(dialogo).getByRole('checkbox', { name: 'Responsable' }));
    await waitFor(() => expect(cabeceras()).toContain('Interesado'));
    expect(cabeceras()).not.toContain('Responsable');

    cleanupApp();
    renderList();
    await screen.findByText('Queja por ruido nocturno');
    expect(cabeceras()).toContain('Interesado');
    expect(cabeceras()).not.toContain('Responsable');

    cleanupApp();
    signInWith(['expedientes.ver'], { id_usuario: 4, username: 'otra' });
    renderList();
    await screen.findByText('Queja por ruido nocturno');
    expect(cabeceras()).not.toContain('Interesado');
    expect(cabeceras()).toContain('Responsable');
  });
});
