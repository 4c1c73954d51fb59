import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Unidad } from '@ecodigital/contracts/administracion';
import { cleanupApp, renderWithApp } from '../../../testing/render-app';
import { setUpTestApiServer, signInWith } from '../../../testing/set-up-test-api-server';
import { UnidadesView } from './UnidadesView';
import { dialogButton, openOptions } from '../../../testing/dialog-queries';

const server = setUpTestApiServer();
let unidades: Unidad[];
let patches: { id: string; body: unknown }[];
let posts: unknown[];

const u = (id: number, nombre: string, id_padre: number | null, activa = true): Unidad => ({
  id,
  codigo: `LA00190${String(id).padStart(2, '0')}`,
  codigo_dir3: null,
  nombre,
  id_padre,
  activa,
  personas: id === 5 ? 2 : 0,
  expedientes: id === 6 ? 1234 : 0,
});

beforeEach(() => {
  patches = [];
  posts = [];
  unidades = [
    u(9, 'Tesorería', 8),
    u(5, 'Urbanismo', 1),
    u(1, 'Ayuntamiento', null),
    u(6, 'Sección de Licencias', 5),
    u(8, 'Hacienda', 1),
    u(7, 'Sección de Planeamiento', 5),
    u(10, 'Recaudación', 8, false),
    u(11, 'Inspección', 6),
  ];
  server().routes.set('GET /api/admin/unidades', () => ({ body: { success: true, data: unidades } }));
  server().routes.set('POST /api/admin/unidades', (request) => {
    posts.push(request.body);
    const nueva = { ...u(12, (request.body as Unidad).nombre, (request.body as Unidad).id_padre), codigo: 'LA0019099' };
    unidades = [...unidades, nueva];
    return { status: 201, body: { success: true, msg: 'Unidad creada.', data: nueva } };
  });
  for (const unidad of unidades) {
    server().routes.set(`PATCH /api/admin/unidades/${unidad.id}`, (request) => {
      patches.push({ id: String(unidad.id), body: request.body });
      unidades = unidades.map((x) => (x.id === unidad.id ? { ...x, ...(request.body as Partial<Unidad>) } : x));
      return { body: { success: true, msg: 'Unidad actualizada.', data: unidades.find((x) => x.id === unidad.id) } };
    });
  }
  signInWith(['administracion.unidades']);
});
afterEach(cleanupApp);

const render = () => renderWithApp([{ path: '/', Component: UnidadesView }], '/');
const nombresDeFilas = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid="unidad-fila"]')].map(
    (fila) => fila.querySelector('td')!.textContent,
  );
describe('UnidadesView', { timeout: 30_000 }, () => {
  it('draws the flat list as a tree, every branch open, each level by name', async () => {
    render();
    await screen.findByText('Sección de Planeamiento');
    expect(nombresDeFilas()).toEqual([
      'Ayuntamiento',
      'Hacienda',
      'RecaudaciónDesactivada',
      'Tesorería',
      'Urbanismo',
      'Sección de Licencias',
      'Inspección',
      'Sección de Planeamiento',
    ]);
    const licencias = document.querySelector('[data-codigo="LA0019006"]')!;
    expect(licencias.textContent).toContain('1.234');
    // A deactivated unidad takes no children and offers «Activar».
    const recaudacion = document.querySelector<HTMLElement>('[data-codigo="LA0019010"]')!;
    expect([...recaudacion.querySelectorAll('td:last-child button')].map((b) => b.textContent)).toEqual([
      'Editar',
      'Mover',
      'Activar',
    ]);
  });

  it('moving offers neither the unidad itself nor anything below it, nor a deactivated one', async () => {
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Mover «Urbanismo»' }));
    const dialog = await screen.findByRole('dialog');
    const opciones = await openOptions(dialog, 'Nueva unidad superior');
    expect(opciones.map((opcion) => opcion.textContent)).toEqual([
      'Ninguna: unidad principal',
      'Ayuntamiento (actual)',
      'Hacienda',
      'Hacienda › Tesorería',
    ]);
    expect(opciones[1]!.getAttribute('aria-disabled')).toBe('true');

    fireEvent.click(opciones[2]!);
    await userEvent.click(dialogButton(dialog, 'Mover'));
    await waitFor(() => expect(patches).toEqual([{ id: '5', body: { id_padre: 8 } }]));
    // The order by name is the same before and after the move: what changes, once the list is read
    // again, is Urbanismo's depth; wait for that, not for names that were already there.
    await waitFor(() =>
      expect(document.querySelector('[data-codigo="LA0019005"]')!.className).toContain('ant-table-row-level-2'),
    );
    expect(nombresDeFilas()).toEqual([
      'Ayuntamiento',
      'Hacienda',
      'RecaudaciónDesactivada',
      'Tesorería',
      'Urbanismo',
      'Sección de Licencias',
      'Inspección',
      'Sección de Planeamiento',
    ]);
  });

  it('adds a unidad inside another one, its code in capitals; validates in Spanish first', async () => {
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Añadir una unidad dentro de «Hacienda»' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(dialogButton(dialog, 'Crear unidad'));
    await within(dialog).findByText('Indique el nombre de la unidad.');
    await within(dialog).findByText('Indique el código de la unidad.');

    fireEvent.change(within(dialog).getByLabelText('Nombre'), { target: { value: '  Oficina de Patrimonio ' } });
    fireEvent.change(within(dialog).getByLabelText('Código'), { target: { value: 'la 00190 99' } });
    expect((within(dialog).getByLabelText('Código') as HTMLInputElement).value).toBe('LA0019099');
    await userEvent.click(dialogButton(dialog, 'Crear unidad'));
    await waitFor(() => expect(posts).toEqual([{ codigo: 'LA0019099', nombre: 'Oficina de Patrimonio', id_padre: 8 }]));
    await screen.findByText('Oficina de Patrimonio');
  });

  it('refuses a name of spaces, invisible characters or one letter among spaces, and sends nothing', async () => {
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Añadir una unidad dentro de «Hacienda»' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Código'), { target: { value: 'LA0019099' } });
    for (const [nombre, mensaje] of [
      ['   ', 'Indique el nombre de la unidad.'],
      ['\u200B\u200B\u200B', 'Indique el nombre de la unidad.'],
      [' a ', 'El nombre debe tener al menos 2 caracteres.'],
    ] as const) {
      fireEvent.change(within(dialog).getByLabelText('Nombre'), { target: { value: nombre } });
      await userEvent.click(dialogButton(dialog, 'Crear unidad'));
      await within(dialog).findByText(mensaje);
    }
    expect(posts).toEqual([]);
  });

  it('asks before deactivating, then sends only the change of state', async () => {
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Desactivar «Tesorería»' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('¿Desactivar «Tesorería»?')).toBeTruthy();
    await userEvent.click(dialogButton(dialog, 'Cancelar'));
    expect(patches).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Desactivar «Tesorería»' }));
    await userEvent.click(dialogButton(await screen.findByRole('dialog'), 'Desactivar'));
    await waitFor(() => expect(patches).toEqual([{ id: '9', body: { activa: false } }]));
    await screen.findByRole('button', { name: 'Activar «Tesorería»' });
  });

  it('finds unidades by name or code, keeping the way up to them', async () => {
    render();
    await screen.findByText('Sección de Planeamiento');
    fireEvent.change(screen.getByLabelText('Buscar unidades'), { target: { value: 'tesoreria' } });
    await waitFor(() => expect(nombresDeFilas()).toEqual(['Ayuntamiento', 'Hacienda', 'Tesorería']));
  });
});
