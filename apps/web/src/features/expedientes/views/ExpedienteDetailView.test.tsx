import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CambiarEstado, Expediente } from '@ecodigital/contracts/expedientes';
import { ExpedienteVerRoute } from '../../../app/views/ExpedienteVerRoute';
import { cleanupApp, renderWithApp } from '../../../testing/render-app';
import { signInWith, setUpTestApiServer } from '../../../testing/set-up-test-api-server';
import { eventoDemo, expedienteDemo, lucia, RESPONSABLES, TIPOS, UNIDADES } from '../test-fixtures';
import { dialogButton, openOptions } from '../../../testing/dialog-queries';

const GESTOR = ['expedientes.ver', 'expedientes.crear', 'expedientes.editar', 'expedientes.cambiar_estado'];
const server = setUpTestApiServer();
let current: Expediente;

beforeEach(() => {
  current = expedienteDemo({ descripcion: 'Primera línea\n<img src=x onerror="window.__pwned=1"><b>negrita</b>' });
  server().routes.set('GET /api/expedientes/7', () => ({ body: { success: true, data: current } }));
  server().routes.set('GET /api/catalogos/tipos-expediente', () => ({ body: { success: true, data: TIPOS } }));
  server().routes.set('GET /api/catalogos/unidades', () => ({ body: { success: true, data: UNIDADES } }));
  // Urbanismo (2) and its section (3) have both people; Hacienda (4) only Lucía.
  server().routes.set('GET /api/catalogos/responsables', (request) => ({
    body: { success: true, data: request.query.get('unidad') === '4' ? [lucia] : RESPONSABLES },
  }));
  server().routes.set('GET /api/expedientes/7/documentos', () => ({ body: { success: true, data: [] } }));
  signInWith(GESTOR);
});
afterEach(cleanupApp);

function renderDetail(id = '7') {
  return renderWithApp(
    [
      { path: '/expedientes', element: <p>lista de expedientes</p> },
      { path: '/expedientes/ver/:id_expediente', Component: ExpedienteVerRoute },
    ],
    `/expedientes/ver/${id}`,
  );
}

// Plain DOM queries: role queries over a whole antd page are slow in jsdom.
const actionButtons = () =>
  [...(screen.queryByTestId('expediente-acciones')?.querySelectorAll('button') ?? [])].map(
    (button) => button.textContent,
  );
describe('ExpedienteDetailView', { timeout: 20_000 }, () => {
  it('shows header, data and the actions gestor may use; typed HTML stays text', async () => {
    renderDetail();
    await screen.findByRole('heading', { name: 'EXP-2025-000007' });
    expect(screen.getAllByText('Solicitud de licencia de obra menor').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Abierto').length).toBeGreaterThan(0);
    expect(actionButtons()).toEqual(['Editar', 'Transferir', 'Pasar a trámite']);

    const datos = screen.getByTestId('expediente-datos');
    expect(within(datos).getByText('04/03/2025')).toBeTruthy();
    expect(within(datos).getByText('12345678Z')).toBeTruthy();
    const descripcion = within(datos).getByText(/Primera línea/);
    expect(descripcion.textContent).toBe('Primera línea\n<img src=x onerror="window.__pwned=1"><b>negrita</b>');
    expect(datos.querySelector('img, b')).toBeNull();
    expect(server().requests[0]).toMatchObject({ method: 'GET', path: '/api/expedientes/7' });
  });

  it('names the unidad in the header; gestor sees no action, and is told why, on one they only see', async () => {
    current = { ...current, gestion: false };
    renderDetail();
    await screen.findByRole('heading', { name: 'EXP-2025-000007' });
    expect(screen.getByTestId('expediente-unidad').textContent).toBe(' Unidad responsable: Urbanismo');
    expect(actionButtons()).toEqual([]);
    expect(screen.getByTestId('expediente-solo-lectura').textContent).toContain(
      'Puede consultarlo, pero no modificarlo.',
    );
  });

  it('shows consulta no action at all, and tells it why', async () => {
    signInWith(['expedientes.ver']);
    renderDetail();
    await screen.findByRole('heading', { name: 'EXP-2025-000007' });
    expect(actionButtons()).toEqual([]);
    expect(screen.queryByRole('button', { name: /Editar|Pasar a trámite/ })).toBeNull();
    expect(screen.getByTestId('expediente-solo-lectura').textContent).toContain(
      'Puede consultarlo, pero no modificarlo.',
    );
  });

  it('tells nothing of the kind to whoever may change it', async () => {
    renderDetail();
    await screen.findByRole('heading', { name: 'EXP-2025-000007' });
    expect(actionButtons().length).toBeGreaterThan(0);
    expect(screen.queryByTestId('expediente-solo-lectura')).toBeNull();
  });

  it('says the expediente does not exist for a 404 and an invalid id, with a way back', async () => {
    server().routes.set('GET /api/expedientes/999', () => ({
      status: 404,
      body: { success: false, msg: 'El expediente no existe.' },
    }));
    const { router } = renderDetail('999');
    await screen.findByText('El expediente no existe.');
    // The internal id means nothing to the person: it is not shown.
    expect(screen.getByTestId('expediente-no-existe').textContent).toMatch(/^La dirección que ha abierto no lleva/);
    expect(screen.getByTestId('expediente-no-existe').textContent).not.toContain('999');
    // Reached by a link that knew the número (a notification, Inicio): that is what it names.
    await router.navigate('/expedientes', {});
    await router.navigate('/expedientes/ver/999', { state: { numero: 'EXP-2025-000999' } });
    await waitFor(() =>
      expect(screen.getByTestId('expediente-no-existe').textContent).toContain(
        'No hay ningún expediente «EXP-2025-000999» que pueda consultar',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Volver a la lista de expedientes' }));
    await screen.findByText('lista de expedientes');
    expect(router.state.location.pathname).toBe('/expedientes');
    cleanupApp();

    server().requests.length = 0;
    renderDetail('EXP-2025-123');
    await screen.findByText('El expediente no existe.');
    expect(screen.getByTestId('expediente-no-existe').textContent).toContain('«EXP-2025-123»');
    expect(server().requests).toEqual([]);
  });

  it('edits sending only the changed field and the version read', async () => {
    server().routes.set('PATCH /api/expedientes/7', (request) => {
      current = { ...current, ...(request.body as { asunto: string }), version: 2 };
      return { body: { success: true, msg: 'Expediente actualizado', data: current } };
    });
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: /Editar/ }));
    const dialog = await screen.findByRole('dialog');
    const asunto = within(dialog).getByLabelText('Asunto');
    expect((asunto as HTMLInputElement).value).toBe('Solicitud de licencia de obra menor');
    fireEvent.change(asunto, { target: { value: 'Licencia de obra mayor' } });
    await userEvent.click(dialogButton(dialog, 'Guardar cambios'));

    await screen.findByRole('heading', { name: 'EXP-2025-000007' });
    await waitFor(() => expect(screen.getAllByText('Licencia de obra mayor').length).toBeGreaterThan(0));
    const patch = server().requests.find((request) => request.method === 'PATCH');
    expect(patch?.body).toEqual({ version: 1, asunto: 'Licencia de obra mayor' });
  });

  it('shows the unidad read-only in the edit form; only «Transferir» changes it', async () => {
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: /Editar/ }));
    const dialog = await screen.findByRole('dialog');
    const unidad = within(dialog).getByLabelText('Unidad responsable') as HTMLInputElement;
    expect(unidad.value).toBe('Urbanismo');
    expect(unidad.readOnly).toBe(true);
    expect(within(dialog).getByText('Se cambia con «Transferir».')).toBeTruthy();
    // The tipo offers only active entries.
    const tipos = (await openOptions(dialog, 'Tipo')).map((option) => option.textContent);
    expect(tipos).toEqual(['Solicitud', 'Queja o reclamación', 'Licencia']);
    expect(server().requests.some((request) => request.query.get('ambito') === 'creacion')).toBe(false);
  });

  it('transfers to an active unidad other than its own, with a motivo, and stays when it is still visible', async () => {
    const sent: unknown[] = [];
    server().routes.set('POST /api/expedientes/7/transferir', (request) => {
      sent.push(request.body);
      current = { ...current, unidad: { id: 3, nombre: 'Sección de Licencias' }, version: 2 };
      return { body: { success: true, msg: 'Expediente transferido.', data: current } };
    });
    const { router } = renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: /Transferir/ }));
    const dialog = await screen.findByRole('dialog');
    const destinos = await openOptions(dialog, 'Unidad de destino');
    expect(destinos.map((option) => option.textContent)).toEqual([
      'Secretaría General',
      'Urbanismo › Sección de Licencias',
      'Hacienda',
    ]);

    await userEvent.click(dialogButton(dialog, 'Transferir'));
    await within(dialog).findByText('Indique el motivo de la transferencia.');
    fireEvent.click(destinos[1]!);
    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: 'Obra' } });
    await userEvent.click(dialogButton(dialog, 'Transferir'));
    await within(dialog).findByText('El motivo debe tener al menos 5 caracteres.');
    expect(sent).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: ' Licencia de su sección ' } });
    await userEvent.click(dialogButton(dialog, 'Transferir'));
    await waitFor(() => expect(screen.getByTestId('expediente-unidad').textContent).toContain('Sección de Licencias'));
    // Its responsable belongs above the section: he stays.
    expect(sent).toEqual([{ id_unidad: 3, id_responsable: 2, motivo: 'Licencia de su sección', version: 1 }]);
    expect(router.state.location.pathname).toBe('/expedientes/ver/7');
  });

  it('asks who answers for it in a destination its responsable does not belong to', async () => {
    const sent: unknown[] = [];
    server().routes.set('POST /api/expedientes/7/transferir', (request) => {
      sent.push(request.body);
      return { body: { success: true, msg: 'Expediente transferido.', data: current } };
    });
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: /Transferir/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Elija antes la unidad de destino.')).toBeTruthy();
    fireEvent.click((await openOptions(dialog, 'Unidad de destino'))[2]!);
    await within(dialog).findByText(
      'Juan Carlos Pérez Ruiz no pertenece a la unidad de destino: elija quién responderá allí o déjelo sin responsable.',
    );
    const personas = await openOptions(dialog, 'Responsable tras la transferencia');
    expect(personas.map((option) => option.textContent)).toEqual(['Lucía Fernández Díaz']);
    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: 'Corresponde a Hacienda' } });
    await userEvent.click(dialogButton(dialog, 'Transferir'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ id_unidad: 4, id_responsable: null, motivo: 'Corresponde a Hacienda', version: 1 });
  });

  it('lets a grant of gestión edit, but neither transfer nor change the responsable', async () => {
    current = { ...current, gestion_por: 'acceso' };
    server().routes.set('PATCH /api/expedientes/7', (request) => {
      current = { ...current, ...(request.body as { asunto: string }), version: 2 };
      return { body: { success: true, msg: 'Expediente actualizado', data: current } };
    });
    renderDetail();
    await screen.findByRole('heading', { name: 'EXP-2025-000007' });
    expect(actionButtons()).toEqual(['Editar', 'Pasar a trámite']);
    expect(screen.getByTestId('expediente-por-acceso').textContent).toContain(
      'Trabaja en él por un acceso concedido: no puede cambiar su responsable ni transferirlo.',
    );
    await userEvent.click(screen.getByRole('button', { name: /Editar/ }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Lo decide su unidad: usted trabaja en este expediente por un acceso concedido.'),
    ).toBeTruthy();
    const responsable = within(dialog).getByLabelText('Responsable');
    expect(responsable.closest('.ant-select')?.classList.contains('ant-select-disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Asunto'), { target: { value: 'Licencia de obra mayor' } });
    await userEvent.click(dialogButton(dialog, 'Guardar cambios'));
    await waitFor(() => expect(server().requests.some((request) => request.method === 'PATCH')).toBe(true));
    expect(server().requests.find((request) => request.method === 'PATCH')?.body).toEqual({
      version: 1,
      asunto: 'Licencia de obra mayor',
    });
  });

  it('goes back to the list with a word of why when the transfer takes the expediente out of sight', async () => {
    server().routes.set('POST /api/expedientes/7/transferir', () => {
      const transferido = { ...current, unidad: { id: 4, nombre: 'Hacienda' }, version: 2, gestion: false };
      server().routes.set('GET /api/expedientes/7', () => ({
        status: 404,
        body: { success: false, msg: 'El expediente no existe.' },
      }));
      return { body: { success: true, msg: 'Expediente transferido.', data: transferido } };
    });
    const { router } = renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: /Transferir/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click((await openOptions(dialog, 'Unidad de destino'))[2]!);
    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: 'Corresponde a Hacienda' } });
    await userEvent.click(dialogButton(dialog, 'Transferir'));

    await screen.findByText('lista de expedientes');
    expect(router.state.location.pathname).toBe('/expedientes');
    await screen.findByText('EXP-2025-000007 pertenece ahora a «Hacienda» y ya no puede verlo.');
  });

  it('refuses the form with Spanish messages for a short asunto and a malformed documento', async () => {
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: /Editar/ }));
    const dialog = await screen.findByRole('dialog');
    const asunto = within(dialog).getByLabelText('Asunto');
    fireEvent.change(asunto, { target: { value: 'Obra' } });
    const documento = within(dialog).getByLabelText('Documento del interesado');
    fireEvent.change(documento, { target: { value: '12ab' } });
    await userEvent.click(dialogButton(dialog, 'Guardar cambios'));
    await within(dialog).findByText('El asunto debe tener al menos 5 caracteres.');
    await within(dialog).findByText(/^«12AB» no es un NIF, NIE ni CIF/);
    expect((documento as HTMLInputElement).value).toBe('12AB');
    // The right shape with the wrong control letter is refused too, before anything is sent.
    fireEvent.change(documento, { target: { value: '12345678a' } });
    await within(dialog).findByText(
      'El NIF 12345678A no es válido: la letra no corresponde al número. Revise que está bien escrito.',
    );
    expect(server().requests.some((request) => request.method === 'PATCH')).toBe(false);
  });

  it('asks for the motivo before reopening and sends it with the version', async () => {
    current = { ...current, estado: 'cerrado', version: 5, fecha_cierre: '2025-04-01T10:00:00.000Z' };
    const sent: CambiarEstado[] = [];
    server().routes.set('POST /api/expedientes/7/estado', (request) => {
      sent.push(request.body as CambiarEstado);
      current = { ...current, estado: 'en_tramite', version: 6, fecha_cierre: null };
      return { body: { success: true, msg: 'Expediente reabierto', data: current } };
    });
    renderDetail();
    await screen.findByRole('heading', { name: 'EXP-2025-000007' });
    expect(actionButtons()).toEqual(['Reabrir', 'Archivar']);

    await userEvent.click(screen.getByRole('button', { name: 'Reabrir' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(dialogButton(dialog, 'Reabrir'));
    await within(dialog).findByText('Indique el motivo.');
    expect(sent).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: 'Aporta documentación nueva' } });
    await userEvent.click(dialogButton(dialog, 'Reabrir'));
    await waitFor(() => expect(actionButtons()).toEqual(['Editar', 'Transferir', 'Cerrar']));
    expect(sent).toEqual([{ estado: 'en_tramite', version: 5, motivo: 'Aporta documentación nueva' }]);
  });

  it('reloads the expediente after a 409 so the next try starts from the current version', async () => {
    server().routes.set('POST /api/expedientes/7/estado', () => {
      current = { ...current, estado: 'en_tramite', version: 2 };
      return { status: 409, body: { success: false, msg: 'El expediente fue modificado por otro usuario' } };
    });
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Pasar a trámite' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(dialogButton(dialog, 'Pasar a trámite'));
    await screen.findByText('El expediente fue modificado por otro usuario');
    await waitFor(() => expect(actionButtons()).toEqual(['Editar', 'Transferir', 'Cerrar']));
    expect(server().requests.filter((request) => request.path === '/api/expedientes/7')).toHaveLength(2);
  });

  it('keeps the edit open with what was typed when someone saved first, lists what changed, and applies it over the new version', async () => {
    const sent: unknown[] = [];
    server().routes.set('PATCH /api/expedientes/7', (request) => {
      const body = request.body as { version: number; asunto?: string };
      sent.push(body);
      if (body.version !== current.version) {
        return {
          status: 409,
          body: {
            success: false,
            msg: 'El expediente fue modificado por otro usuario. Recargue para ver los cambios.',
            code: 'VERSION_CONFLICT',
          },
        };
      }
      current = { ...current, ...body, version: current.version + 1 };
      return { body: { success: true, msg: 'Expediente actualizado.', data: current } };
    });
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: /Editar/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Asunto'), { target: { value: 'Licencia de obra mayor' } });
    // Meanwhile someone else changes the tipo and the interesado.
    current = {
      ...current,
      tipo: { id: 1, nombre: 'Solicitud' },
      interesado_nombre: 'Ana Martínez Soto y otros',
      version: 2,
    };
    await userEvent.click(dialogButton(dialog, 'Guardar cambios'));

    const aviso = await within(dialog).findByTestId('conflicto-edicion');
    expect(aviso.textContent).toContain('Otra persona guardó una versión más reciente de este expediente.');
    const diferencias = [...within(dialog).getByTestId('conflicto-diferencias').querySelectorAll('li')].map(
      (item) => item.textContent,
    );
    expect(diferencias).toEqual([
      'Asunto: «Licencia de obra mayor» → «Solicitud de licencia de obra menor»',
      'Tipo: «Licencia» → «Solicitud»',
      'Interesado: «Ana Martínez Soto» → «Ana Martínez Soto y otros»',
    ]);
    // What was typed stays; what was not touched shows the saved value; no toast asks to reload.
    expect((within(dialog).getByLabelText('Asunto') as HTMLInputElement).value).toBe('Licencia de obra mayor');
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Interesado') as HTMLInputElement).value).toBe('Ana Martínez Soto y otros'),
    );
    expect(screen.queryByText(/Recargue/)).toBeNull();
    expect(document.activeElement).toBe(aviso.parentElement);

    await userEvent.click(dialogButton(dialog, 'Aplicar mis cambios sobre la versión nueva'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getAllByText('Licencia de obra mayor').length).toBeGreaterThan(0));
    expect(sent).toEqual([
      { version: 1, asunto: 'Licencia de obra mayor' },
      { version: 2, asunto: 'Licencia de obra mayor' },
    ]);
    expect(current).toMatchObject({ asunto: 'Licencia de obra mayor', interesado_nombre: 'Ana Martínez Soto y otros' });
  });

  it('discards the typed changes on request and keeps the version saved meanwhile', async () => {
    server().routes.set('PATCH /api/expedientes/7', () => ({
      status: 409,
      body: { success: false, msg: 'El expediente fue modificado por otro usuario.', code: 'VERSION_CONFLICT' },
    }));
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: /Editar/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Asunto'), { target: { value: 'Licencia de obra mayor' } });
    current = { ...current, asunto: 'Licencia de primera ocupación', estado: 'cerrado', version: 2 };
    await userEvent.click(dialogButton(dialog, 'Guardar cambios'));

    const aviso = await within(dialog).findByTestId('conflicto-edicion');
    expect(aviso.textContent).toContain('El expediente ya no admite cambios suyos');
    expect(within(dialog).getByTestId('conflicto-diferencias').textContent).toContain('Estado: «Abierto» → «Cerrado»');
    expect(within(dialog).queryByText('Aplicar mis cambios sobre la versión nueva')).toBeNull();
    await userEvent.click(dialogButton(dialog, 'Descartar mis cambios'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByText('Licencia de primera ocupación').length).toBeGreaterThan(0);
    expect(server().requests.filter((request) => request.method === 'PATCH')).toHaveLength(1);
  });

  it('offline, «Pasar a trámite» says «Sin conexión» at once and is not replayed when the connection returns', async () => {
    server().routes.set('POST /api/expedientes/7/estado', () => ({ drop: true }));
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Pasar a trámite' }));
    const dialog = await screen.findByRole('dialog');
    onlineManager.setOnline(false);
    try {
      await userEvent.click(dialogButton(dialog, 'Pasar a trámite'));
      await screen.findByText('Sin conexión');
      expect(screen.queryByText('Error general')).toBeNull();
      // The person decides: the dialog is still there to try again or cancel.
      expect(dialog.isConnected).toBe(true);
      await waitFor(() => expect(dialogButton(dialog, 'Pasar a trámite').className).not.toContain('loading'));
    } finally {
      onlineManager.setOnline(true);
    }
    // Back online nothing is sent by itself.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    const cambios = server().requests.filter((request) => request.path === '/api/expedientes/7/estado');
    expect(cambios).toHaveLength(1);
  });

  it('shows the history newest first with changes, motivo, who and when; counted reads on demand', async () => {
    const cambios = [
      eventoDemo({
        id: 3,
        evento: 'cambio_estado',
        descripcion: 'Cambió el estado de Cerrado a En trámite',
        motivo: 'Aporta documentación nueva',
        fecha: '2025-03-06T17:05:00',
      }),
      eventoDemo({
        id: 2,
        evento: 'edicion',
        descripcion: 'Editó el expediente',
        cambios: [{ campo: 'asunto', anterior: 'Licencia', nuevo: 'Licencia de obra' }],
        fecha: '2025-03-05T08:30:00',
      }),
      eventoDemo({ id: 1, fecha: '2025-03-04T09:15:00' }),
    ];
    const lectura = eventoDemo({
      id: 3,
      evento: 'consulta',
      descripcion: 'Consultó el expediente 37 veces.',
      usuario: lucia,
      fecha: '2025-03-07T09:12:00',
      lectura: { veces: 37, dia: '2025-03-07', primera: '2025-03-07T09:12:00', ultima: '2025-03-07T17:40:00' },
    });
    server().routes.set('GET /api/expedientes/7/historial', (request) => ({
      body: {
        success: true,
        data: {
          items: request.query.get('lecturas') === 'true' ? [lectura, ...cambios] : cambios,
          siguiente: null,
          hay_lecturas: true,
        },
      },
    }));
    renderDetail();
    // The route module fills the Documentos tab, open first.
    await screen.findByText('Este expediente aún no tiene documentos.');
    expect(server().requests.some((request) => request.path.endsWith('/historial'))).toBe(false);

    await act(() => fireEvent.click(screen.getByRole('tab', { name: 'Historial' })));
    const eventos = await screen.findAllByTestId('historial-evento');
    expect(eventos.map((evento) => evento.dataset.evento)).toEqual(['cambio_estado', 'edicion', 'creacion']);
    expect(eventos[0]!.textContent).toContain('Motivo: Aporta documentación nueva');
    expect(eventos[0]!.textContent).toContain('Juan Carlos Pérez Ruiz · 06/03/2025 17:05');
    expect(within(eventos[1]!).getByTestId('historial-cambio').textContent).toBe('Asunto: Licencia → Licencia de obra');
    expect(eventos[2]!.textContent).toContain('Creó el expediente');
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();

    fireEvent.click(screen.getByLabelText('Mostrar consultas y descargas'));
    await waitFor(() =>
      expect(screen.getAllByTestId('historial-evento').map((evento) => evento.dataset.evento)).toEqual([
        'consulta',
        'cambio_estado',
        'edicion',
        'creacion',
      ]),
    );
    const [consulta] = screen.getAllByTestId('historial-evento');
    expect(consulta!.textContent).toContain('Consultó el expediente 37 veces.');
    expect(consulta!.textContent).toContain('Lucía Fernández Díaz · 07/03/2025, de 09:12 a 17:40');
    expect(server().requests.at(-1)!.query.get('lecturas')).toBe('true');
  });

  it('pages the history: «Cargar más» asks for the entries after the last one shown', async () => {
    const pagina = (desde: number, hasta: number) =>
      Array.from({ length: hasta - desde + 1 }, (_, n) =>
        eventoDemo({ id: hasta - n, evento: 'edicion', descripcion: `Cambio ${hasta - n}` }),
      );
    server().routes.set('GET /api/expedientes/7/historial', (request) => ({
      body: {
        success: true,
        data:
          request.query.get('cursor') === 'tras-51'
            ? { items: pagina(1, 50), siguiente: null, hay_lecturas: false }
            : { items: pagina(51, 100), siguiente: 'tras-51', hay_lecturas: false },
      },
    }));
    renderDetail();
    await screen.findByText('Este expediente aún no tiene documentos.');
    await act(() => fireEvent.click(screen.getByRole('tab', { name: 'Historial' })));
    await waitFor(() => expect(screen.getAllByTestId('historial-evento')).toHaveLength(50));
    expect(screen.queryByLabelText('Mostrar consultas y descargas')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    await waitFor(() => expect(screen.getAllByTestId('historial-evento')).toHaveLength(100));
    // The focus moves to the first new entry, where reading goes on.
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByTestId('historial-evento')[50]));
    const textos = screen.getAllByTestId('historial-evento').map((evento) => evento.textContent ?? '');
    expect(textos[49]).toContain('Cambio 51');
    expect(textos[50]).toContain('Cambio 50');
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
    const pedidas = server().requests.filter((request) => request.path.endsWith('/historial'));
    expect(pedidas.map((request) => request.query.get('cursor'))).toEqual([null, 'tras-51']);
  });
});
