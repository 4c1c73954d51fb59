import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccesoEnExpediente, AccesosExpediente } from '@ecodigital/contracts/accesos';
import { cleanupApp, renderWithApp } from '../../../testing/render-app';
import { setUpTestApiServer, signInWith } from '../../../testing/set-up-test-api-server';
import { AccesosTab } from './AccesosTab';
import { dialogButton, openOptions } from '../../../testing/dialog-queries';

const GESTOR = ['expedientes.ver', 'expedientes.editar'];
const juanCarlos = { id_usuario: 2, nombre_completo: 'Juan Carlos Pérez Ruiz', username: 'gestor' };
const ana = { id_usuario: 5, nombre_completo: 'Ana Belén Romero Gil', username: 'tesorera' };
const lucia = { id_usuario: 3, nombre_completo: 'Lucía Fernández Díaz', username: 'consulta' };

const server = setUpTestApiServer();
let datos: AccesosExpediente;

function acceso(overrides: Partial<AccesoEnExpediente>): AccesoEnExpediente {
  const estado = overrides.estado ?? 'vigente';
  return {
    id_acceso: 1,
    destinatario: { tipo: 'usuario', usuario: ana },
    nivel: 'lectura',
    hasta: null,
    motivo: 'Revisión de la liquidación de tasas',
    concedido_por: juanCarlos,
    concedido_en: '2025-03-10T09:30:00.000Z',
    estado: 'vigente',
    revocado_por: null,
    revocado_en: null,
    derivado_de: null,
    causa_fin: null,
    revocable: estado === 'vigente',
    ...overrides,
  };
}

beforeEach(() => {
  datos = {
    unidad: { id: 6, codigo: 'LA0019006', nombre: 'Sección de Licencias' },
    unidades_con_vista: [
      { id: 6, codigo: 'LA0019006', nombre: 'Sección de Licencias' },
      { id: 5, codigo: 'LA0019005', nombre: 'Urbanismo' },
      { id: 1, codigo: 'L01419999', nombre: 'Ayuntamiento de Villaverde del Río' },
    ],
    responsable: juanCarlos,
    accesos: [
      acceso({ id_acceso: 3 }),
      acceso({
        id_acceso: 2,
        destinatario: { tipo: 'unidad', unidad: { id: 9, codigo: 'LA0019009', nombre: 'Tesorería' } },
        nivel: 'gestion',
        hasta: '2025-03-31',
        estado: 'caducado',
      }),
      acceso({
        id_acceso: 1,
        destinatario: { tipo: 'usuario', usuario: lucia },
        estado: 'revocado',
        revocado_por: juanCarlos,
        revocado_en: '2025-03-08T12:00:00.000Z',
      }),
    ],
    puede_gestionar: true,
    limite_concesion: null,
  };
  server().routes.set('GET /api/expedientes/7/accesos', () => ({ body: { success: true, data: datos } }));
  server().routes.set('GET /api/catalogos/responsables', () => ({
    body: { success: true, data: [ana, juanCarlos, lucia] },
  }));
  server().routes.set('GET /api/catalogos/unidades', () => ({
    body: {
      success: true,
      data: [
        { id: 8, codigo: 'LA0019008', nombre: 'Hacienda', ruta: 'Hacienda', activo: true },
        { id: 9, codigo: 'LA0019009', nombre: 'Tesorería', ruta: 'Hacienda › Tesorería', activo: true },
        { id: 10, codigo: 'LA0019010', nombre: 'Recaudación', ruta: 'Hacienda › Recaudación', activo: false },
      ],
    },
  }));
  signInWith(GESTOR);
});
afterEach(cleanupApp);

function renderTab() {
  return renderWithApp(
    [{ path: '/expedientes/ver/7', element: <AccesosTab id_expediente={7} numero="EXP-2025-000007" /> }],
    '/expedientes/ver/7',
  );
}

const filas = () => [...document.querySelectorAll<HTMLElement>('[data-testid="acceso-fila"]')];
const botonesDeFila = (fila: HTMLElement) => [...fila.querySelectorAll('button')].map((b) => b.textContent);
describe('AccesosTab', { timeout: 30_000 }, () => {
  it('says who sees the expediente and why, and lists every grant with its estado', async () => {
    renderTab();
    const razones = await screen.findByTestId('accesos-razones');
    expect(razones.textContent).toContain(
      'Las personas de Sección de Licencias (unidad responsable) y de las unidades superiores: Urbanismo, Ayuntamiento de Villaverde del Río.',
    );
    expect(razones.textContent).toContain('Por ser su responsableJuan Carlos Pérez Ruiz');
    // Only live grants give sight.
    expect(razones.textContent).toContain('Por un acceso concedidoAna Belén Romero Gil');
    expect(razones.textContent).not.toContain('Lucía');

    expect(filas().map((fila) => fila.dataset.estado)).toEqual(['vigente', 'caducado', 'revocado']);
    const [vigente, caducado, revocado] = filas();
    expect(vigente!.textContent).toContain('Sin fecha límite');
    expect(vigente!.textContent).toContain('10/03/2025');
    expect(caducado!.textContent).toContain('Tesorería');
    expect(caducado!.textContent).toContain('y las unidades que dependen de ella');
    expect(caducado!.textContent).toContain('31/03/2025');
    expect(caducado!.textContent).toContain('Gestión');
    expect(revocado!.textContent).toContain('Revocado');
    expect(revocado!.textContent).toContain('Juan Carlos Pérez Ruiz · 08/03/2025');
  });

  it('offers revoking only live grants, and only when the person may manage the expediente', async () => {
    renderTab();
    await waitFor(() => expect(filas()).toHaveLength(3));
    expect(filas().map(botonesDeFila)).toEqual([['Revocar'], [], []]);
    expect(screen.getByRole('button', { name: /Conceder acceso/ })).toBeTruthy();
    cleanupApp();

    datos = { ...datos, puede_gestionar: false };
    renderTab();
    await waitFor(() => expect(filas()).toHaveLength(3));
    expect(filas().map(botonesDeFila)).toEqual([[], [], []]);
    expect(screen.queryByRole('button', { name: /Conceder acceso/ })).toBeNull();
    expect(screen.queryByText('Acciones')).toBeNull();
    cleanupApp();

    // The expediente allows it, the role does not (consulta): nothing either.
    datos = { ...datos, puede_gestionar: true };
    signInWith(['expedientes.ver']);
    renderTab();
    await waitFor(() => expect(filas()).toHaveLength(3));
    expect(filas().map(botonesDeFila)).toEqual([[], [], []]);
    expect(screen.queryByRole('button', { name: /Conceder acceso/ })).toBeNull();
  });

  it('asks before revoking, sends the revocation and shows the grant revoked', async () => {
    const revocados: string[] = [];
    server().routes.set('DELETE /api/expedientes/7/accesos/3', (request) => {
      revocados.push(request.path);
      const revocado = acceso({
        id_acceso: 3,
        estado: 'revocado',
        revocado_por: juanCarlos,
        revocado_en: '2025-03-11T08:00:00.000Z',
      });
      datos = { ...datos, accesos: [revocado, ...datos.accesos.slice(1)] };
      return { body: { success: true, msg: 'Acceso revocado.', data: revocado } };
    });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Revocar el acceso de Ana Belén Romero Gil' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('¿Revocar el acceso de Ana Belén Romero Gil?')).toBeTruthy();
    await userEvent.click(dialogButton(dialog, 'Cancelar'));
    expect(revocados).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Revocar el acceso de Ana Belén Romero Gil' }));
    await userEvent.click(dialogButton(await screen.findByRole('dialog'), 'Revocar'));
    await waitFor(() =>
      expect(filas().map((fila) => fila.dataset.estado)).toEqual(['revocado', 'caducado', 'revocado']),
    );
    expect(revocados).toEqual(['/api/expedientes/7/accesos/3']);
    expect(screen.getByTestId('accesos-razones').textContent).toContain('Ningún acceso vigente.');
  });

  it('validates the grant form in Spanish and sends exactly one recipient, the level and the motivo', async () => {
    const enviados: unknown[] = [];
    server().routes.set('POST /api/expedientes/7/accesos', (request) => {
      enviados.push(request.body);
      return { status: 201, body: { success: true, msg: 'Acceso concedido.', data: acceso({ id_acceso: 4 }) } };
    });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: /Conceder acceso/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(dialogButton(dialog, 'Conceder acceso'));
    await within(dialog).findByText('Seleccione la persona.');
    await within(dialog).findByText('Indique el motivo.');

    const personas = await openOptions(dialog, 'Persona');
    expect(personas.map((option) => option.textContent)).toEqual([
      'Ana Belén Romero Gil (tesorera)',
      'Juan Carlos Pérez Ruiz (gestor)',
      'Lucía Fernández Díaz (consulta)',
    ]);
    fireEvent.click(personas[0]!);
    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: '  Ver ' } });
    await userEvent.click(dialogButton(dialog, 'Conceder acceso'));
    await within(dialog).findByText('El motivo debe tener al menos 5 caracteres.');
    expect(enviados).toEqual([]);

    // A unidad instead: only active ones are offered, by their ruta.
    fireEvent.click(within(dialog).getByLabelText('Una unidad'));
    const unidades = await openOptions(dialog, 'Unidad');
    expect(unidades.map((option) => option.textContent)).toEqual(['Hacienda', 'Hacienda › Tesorería']);
    fireEvent.click(unidades[1]!);
    fireEvent.click(within(dialog).getByLabelText('Gestión'));
    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: '  Cierre del ejercicio  ' } });
    await userEvent.click(dialogButton(dialog, 'Conceder acceso'));

    await waitFor(() => expect(enviados).toEqual([{ id_unidad: 9, nivel: 'gestion', motivo: 'Cierre del ejercicio' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
