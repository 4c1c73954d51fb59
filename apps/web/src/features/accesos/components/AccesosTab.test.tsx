import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Acceso, AccesoEnExpediente, AccesosExpediente } from '@ecodigital/contracts/accesos';
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

/** The grant as a write answers it: `revocable` belongs to the tab's list only. */
function comoRespuesta({ revocable: _revocable, ...escrito }: AccesoEnExpediente): Acceso {
  return escrito;
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

function renderTab(gestion = true) {
  return renderWithApp(
    [
      {
        path: '/expedientes/ver/7',
        element: <AccesosTab id_expediente={7} numero="EXP-2025-000007" gestion={gestion} />,
      },
    ],
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
    // Being its responsable gives no sight of its own: the responsable belongs to its unidad.
    expect(razones.textContent).not.toContain('Por ser su responsable');
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

  it('shows no grants, nor asks for them, to whoever only reads the expediente, and says why', async () => {
    renderTab(false);
    const aviso = await screen.findByTestId('accesos-solo-gestion');
    expect(aviso.textContent).toContain('Los accesos de este expediente solo los ven quienes lo gestionan.');
    expect(server().requests.some((request) => request.path === '/api/expedientes/7/accesos')).toBe(false);
    cleanupApp();

    // Gestión ended since the detail was read: the API's 403 says the same.
    server().routes.set('GET /api/expedientes/7/accesos', () => ({
      status: 403,
      body: {
        success: false,
        msg: 'Los accesos de un expediente solo los ven quienes lo gestionan.',
        code: 'SIN_GESTION',
      },
    }));
    renderTab();
    await screen.findByTestId('accesos-solo-gestion');
    expect(filas()).toEqual([]);
  });

  it('tells why a grant ended without a revocation by hand', async () => {
    datos.accesos[2] = { ...datos.accesos[2]!, causa_fin: 'origen' };
    renderTab();
    await waitFor(() => expect(filas()).toHaveLength(3));
    expect(filas()[2]!.textContent).toContain('Terminó con el acceso del que derivaba');
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

    // Someone who works on it by a grant revokes only what derives from theirs.
    datos = { ...datos, puede_gestionar: true, accesos: datos.accesos.map((a) => ({ ...a, revocable: false })) };
    renderTab();
    await waitFor(() => expect(filas()).toHaveLength(3));
    expect(filas().map(botonesDeFila)).toEqual([[], [], []]);
    expect(screen.getByRole('button', { name: /Conceder acceso/ })).toBeTruthy();
    cleanupApp();

    // The expediente allows it, the role does not (consulta): nothing either.
    datos = { ...datos, accesos: datos.accesos.map((a) => ({ ...a, revocable: a.estado === 'vigente' })) };
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
      return { body: { success: true, msg: 'Acceso revocado.', data: comoRespuesta(revocado) } };
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
      return {
        status: 201,
        body: { success: true, msg: 'Acceso concedido.', data: comoRespuesta(acceso({ id_acceso: 4 })) },
      };
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
    // How long it lasts is chosen, never assumed.
    await within(dialog).findByText('Indique hasta cuándo dura el acceso.');
    expect(enviados).toEqual([]);
    fireEvent.click(within(dialog).getByLabelText('Sin fecha límite (hasta que se revoque)'));
    await userEvent.click(dialogButton(dialog, 'Conceder acceso'));

    await waitFor(() =>
      expect(enviados).toEqual([{ id_unidad: 9, nivel: 'gestion', motivo: 'Cierre del ejercicio', hasta: null }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  /** Opens «Conceder acceso», chooses Ana and a motivo, and «Hasta un día». */
  async function concederConFecha(enviados: unknown[]) {
    server().routes.set('POST /api/expedientes/7/accesos', (request) => {
      enviados.push(request.body);
      return {
        status: 201,
        body: { success: true, msg: 'Acceso concedido.', data: comoRespuesta(acceso({ id_acceso: 4 })) },
      };
    });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: /Conceder acceso/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click((await openOptions(dialog, 'Persona'))[0]!);
    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: 'Revisión del convenio' } });
    const hastaUnDia = within(dialog).getByLabelText('Hasta un día') as HTMLInputElement;
    if (!hastaUnDia.checked) fireEvent.click(hastaUnDia);
    return { dialog, fecha: (await within(dialog).findByLabelText('Último día con acceso')) as HTMLInputElement };
  }

  it('never saves a day other than the one shown: a refused day stays refused, with the reason', async () => {
    const enviados: unknown[] = [];
    const { dialog, fecha } = await concederConFecha(enviados);
    await userEvent.type(fecha, '01/01/2020');
    fireEvent.blur(fecha);
    await within(dialog).findByText('El último día no puede ser anterior a hoy.');
    await userEvent.click(dialogButton(dialog, 'Conceder acceso'));
    expect(fecha.value).toBe('01/01/2020');
    await userEvent.clear(fecha);
    await userEvent.type(fecha, '31/02/2031');
    await userEvent.click(dialogButton(dialog, 'Conceder acceso'));
    await within(dialog).findByText('Escriba una fecha válida, como dd/mm/aaaa.');
    expect(enviados).toEqual([]);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('saves the day typed when Enter is pressed in the field, exactly as shown', async () => {
    const enviados: unknown[] = [];
    const { fecha } = await concederConFecha(enviados);
    await userEvent.type(fecha, '5/3/2031{Enter}');
    await waitFor(() =>
      expect(enviados).toEqual([
        { id_usuario: 5, nivel: 'lectura', motivo: 'Revisión del convenio', hasta: '2031-03-05' },
      ]),
    );
  });

  it('lets whoever works by a grant until a day grant only until that day, never without an end', async () => {
    datos = { ...datos, limite_concesion: { hasta: '2031-06-30' } };
    const enviados: unknown[] = [];
    const { dialog, fecha } = await concederConFecha(enviados);
    expect(within(dialog).getByTestId('limite-concesion').textContent).toContain(
      'Su acceso a este expediente termina el 30/06/2031.',
    );
    const sinFecha = within(dialog).getByLabelText('Sin fecha límite (hasta que se revoque)') as HTMLInputElement;
    expect(sinFecha.disabled).toBe(true);
    await userEvent.type(fecha, '01/07/2031');
    await userEvent.click(dialogButton(dialog, 'Conceder acceso'));
    await within(dialog).findByText('Su acceso termina el 30/06/2031: el que conceda debe terminar ese día o antes.');
    expect(enviados).toEqual([]);
    await userEvent.clear(fecha);
    await userEvent.type(fecha, '30/06/2031');
    await userEvent.click(dialogButton(dialog, 'Conceder acceso'));
    await waitFor(() => expect(enviados).toEqual([expect.objectContaining({ hasta: '2031-06-30' })]));
  });

  it('warns that revoking a grant ends the grants made from it', async () => {
    datos.accesos.unshift(acceso({ id_acceso: 5, destinatario: { tipo: 'usuario', usuario: lucia }, derivado_de: 3 }));
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Revocar el acceso de Ana Belén Romero Gil' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('revocar-derivados').textContent).toContain(
      'También terminará el acceso que se concedió a partir de este.',
    );
  });
});
