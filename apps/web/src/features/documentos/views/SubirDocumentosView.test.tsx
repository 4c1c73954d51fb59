import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInWith } from '../../../testing/set-up-test-api-server';
import { cleanupApp, renderWithApp } from '../../../testing/render-app';
import { setUpTestApiServer } from '../../../testing/set-up-test-api-server';
import { multipartParts } from '../../../testing/multipart-parts';
import { expedienteDemo, resumenDemo } from '../../expedientes/test-fixtures';
import { comoDocumento, documentoDemo, TIPOS_DOCUMENTALES } from '../test-fixtures';
import { SubirDocumentosView } from './SubirDocumentosView';

const server = setUpTestApiServer();
let orden: number;

const expediente = expedienteDemo({ asunto: 'Licencia de obra menor' });

beforeEach(() => {
  orden = 0;
  server().routes.set('GET /api/expedientes/7', () => ({ body: { success: true, data: expediente } }));
  server().routes.set('GET /api/expedientes/8', () => ({
    body: { success: true, data: { ...expediente, id_expediente: 8, numero: 'EXP-2025-000008', estado: 'cerrado' } },
  }));
  server().routes.set('GET /api/catalogos/tipos-documentales', () => ({
    body: { success: true, data: TIPOS_DOCUMENTALES },
  }));
  server().routes.set('POST /api/expedientes/7/documentos', (request) => {
    const [tipo, archivo] = multipartParts(request);
    if (archivo?.filename === 'disfrazado.pdf') {
      return {
        status: 415,
        body: { success: false, msg: 'El archivo «disfrazado.pdf» no es un PDF: su contenido es un ejecutable.' },
      };
    }
    orden += 1;
    const documento = documentoDemo({
      id_documento: 100 + orden,
      orden,
      nombre: archivo?.filename ?? '',
      tipo_documental: TIPOS_DOCUMENTALES.map(({ id, nombre }) => ({ id, nombre })).find(
        (item) => String(item.id) === tipo?.content,
      )!,
    });
    const aviso =
      archivo?.filename === 'repetido.txt' ? 'El mismo archivo ya está en el expediente EXP-2025-000003.' : undefined;
    return {
      status: 201,
      body: {
        success: true,
        msg: 'Documento incorporado',
        data: [{ nombre: documento.nombre, resultado: 'subido', documento: comoDocumento(documento), aviso }],
      },
    };
  });
  signInWith(['documentos.subir', 'documentos.descargar']);
});
afterEach(cleanupApp);

function renderUpload(query = '?expediente=7') {
  return renderWithApp(
    [
      { path: '/subir-documentos', Component: SubirDocumentosView },
      { path: '/expedientes/ver/:id', element: <p>detalle</p> },
    ],
    `/subir-documentos${query}`,
  );
}

function chooseFiles(files: File[]) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files } });
}

async function pickOption(label: string, option: string) {
  const input = screen.getByLabelText(label);
  fireEvent.mouseDown(input.closest('.ant-select') ?? input);
  const item = await waitFor(() => {
    // This select's own dropdown: another one may still be animating out.
    const dropdown = document
      .getElementById(input.getAttribute('aria-controls') ?? '')
      ?.closest('.ant-select-dropdown');
    const found = [...(dropdown?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])].find(
      (element) => element.textContent === option,
    );
    if (!found) throw new Error(`Opción ${option} no visible`);
    return found;
  });
  fireEvent.click(item);
}

const rowOf = (name: string) => screen.getByText(name, { selector: '[data-testid="subida-nombre"]' }).closest('tr')!;
const resultOf = (name: string) => within(rowOf(name)).getByTestId('subida-resultado');
const posts = () => server().requests.filter((request) => request.method === 'POST');

describe('SubirDocumentosView', { timeout: 60_000 }, () => {
  it('preselects the expediente, flags bad files, sends the rest one file per request with the tipo first', async () => {
    // Each answer is held back a little: a request that arrives before the previous answer left
    // means two files travelled at once, and the expediente would number them as they finished.
    const normal = server().routes.get('POST /api/expedientes/7/documentos')!;
    let ocupadoHasta = 0;
    let aLaVez = false;
    server().routes.set('POST /api/expedientes/7/documentos', (request) => {
      if (Date.now() < ocupadoHasta) aLaVez = true;
      ocupadoHasta = Date.now() + 150;
      return { ...normal(request), delayMs: 150 };
    });
    renderUpload();
    await screen.findByText('EXP-2025-000007 — Licencia de obra menor');
    expect(screen.getByRole('link', { name: 'Volver al expediente EXP-2025-000007' }).getAttribute('href')).toBe(
      '/expedientes/ver/7',
    );

    const huge = new File(['x'], 'enorme.pdf', { type: 'application/pdf' });
    Object.defineProperty(huge, 'size', { value: 101 * 1024 * 1024 });
    chooseFiles([
      new File(['%PDF-1.4 solicitud'], 'Solicitud nº 5.pdf', { type: 'application/pdf' }),
      new File(['hola'], 'repetido.txt', { type: 'text/plain' }),
      new File(['MZ'], 'disfrazado.pdf', { type: 'application/pdf' }),
      new File(['MZ'], 'programa.exe'),
      huge,
    ]);

    expect(resultOf('programa.exe').textContent).toContain('Tipo no admitido');
    expect(resultOf('enorme.pdf').textContent).toContain('Supera el máximo de 100 MB');
    expect(screen.getAllByText('101 MB').length).toBe(1);
    const send = screen.getByRole('button', { name: 'Subir 3 documentos' });

    // The tipo documental is required: nothing leaves without it.
    fireEvent.click(send);
    await waitFor(() => expect(resultOf('repetido.txt').textContent).toBe('Elija el tipo documental.'));
    expect(posts()).toEqual([]);

    // A tipo is typed as well as picked, without its accent: «resolucion» and Enter is Resolución.
    const paraTodos = screen.getByLabelText('Tipo documental para todos');
    await userEvent.type(paraTodos, 'resolucion');
    await waitFor(() => {
      const ofrecidas = document
        .getElementById(paraTodos.getAttribute('aria-controls') ?? '')
        ?.closest('.ant-select-dropdown')
        ?.querySelectorAll('.ant-select-item-option');
      expect([...(ofrecidas ?? [])].map((opcion) => opcion.textContent)).toEqual(['Resolución']);
    });
    fireEvent.keyDown(paraTodos, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar a todos' }));
    await pickOption('Tipo documental de Solicitud nº 5.pdf', 'Solicitud');
    fireEvent.click(send);

    await waitFor(() => expect(resultOf('disfrazado.pdf').textContent).toContain('Rechazado'), { timeout: 10_000 });
    await waitFor(() => expect(screen.getByTestId('subida-resumen').textContent).toBe('2 subidos, 1 rechazado.'));
    expect(resultOf('disfrazado.pdf').textContent).toBe(
      ' Rechazado: El archivo «disfrazado.pdf» no es un PDF: su contenido es un ejecutable.',
    );
    // One file at a time, numbered in the order listed.
    expect(aLaVez).toBe(false);
    expect(resultOf('Solicitud nº 5.pdf').textContent).toBe(' Subido como nº 1');
    expect(resultOf('repetido.txt').textContent).toMatch(/^ Subido como nº 2/);
    // What is stored is the expediente's now: no «Quitar» beside it; a refused file can still go.
    expect(within(rowOf('Solicitud nº 5.pdf')).queryByRole('button', { name: /Quitar/ })).toBeNull();
    within(rowOf('disfrazado.pdf')).getByRole('button', { name: 'Quitar disfrazado.pdf' });
    expect(resultOf('repetido.txt').textContent).toContain(
      'El mismo archivo ya está en el expediente EXP-2025-000003.',
    );
    expect(resultOf('programa.exe').getAttribute('data-resultado')).toBe('bloqueado');
    expect(screen.getByRole('link', { name: 'Ver expediente EXP-2025-000007' }).getAttribute('href')).toBe(
      '/expedientes/ver/7',
    );

    const sent = posts().map(multipartParts);
    expect(sent).toHaveLength(3);
    for (const parts of sent) {
      expect(parts.map((part) => part.name)).toEqual(['id_tipo_documental', 'archivo']);
    }
    const byName = new Map(sent.map((parts) => [parts[1]!.filename, parts]));
    expect(byName.get('Solicitud nº 5.pdf')?.[0]?.content).toBe('1');
    expect(byName.get('Solicitud nº 5.pdf')?.[1]?.content).toBe('%PDF-1.4 solicitud');
    expect(byName.get('repetido.txt')?.[0]?.content).toBe('3');
    expect(
      posts().every((request) => request.authorization === undefined || request.authorization.startsWith('Bearer ')),
    ).toBe(true);
    // Outcomes are shown in the list, not toasted once more.
    expect(document.querySelector('.ant-notification-notice-success')).toBeNull();
  });

  it('searches open expedientes as the person types and keeps the choice in the URL without reading it again', async () => {
    server().routes.set('GET /api/expedientes', (request) => ({
      body: {
        success: true,
        data: {
          items: [
            request.query.get('q') === 'obra'
              ? resumenDemo({ id_expediente: 9, numero: 'EXP-2025-000009', asunto: 'Obra en calle Mayor' })
              : resumenDemo({ asunto: expediente.asunto }),
          ],
          total: 1,
          totalExacto: true,
          page: 1,
          pageSize: 10,
          siguiente: null,
        },
      },
    }));
    const { router } = renderUpload('');
    const input = screen.getByLabelText('Expediente de destino');
    fireEvent.mouseDown(input.closest('.ant-select')!);
    fireEvent.change(input, { target: { value: 'obra' } });
    const option = await screen.findByText('EXP-2025-000009 — Obra en calle Mayor', {
      selector: '.ant-select-item-option-content',
    });
    const searches = server().requests.filter((request) => request.path === '/api/expedientes');
    // Only expedientes the person may change: seeing one through a grant of lectura is not enough.
    expect(searches.at(-1)!.query.toString()).toBe('q=obra&estado=abierto&estado=en_tramite&gestion=true&pageSize=10');
    // Debounced: not one request per keystroke.
    expect(searches.filter((request) => request.query.get('q') !== null)).toHaveLength(1);

    fireEvent.click(option);
    await waitFor(() => expect(router.state.location.search).toBe('?expediente=9'));
    expect(screen.getAllByText('EXP-2025-000009 — Obra en calle Mayor').length).toBeGreaterThan(0);
    expect(server().requests.some((request) => request.path === '/api/expedientes/9')).toBe(false);
  });

  it('cancels a file in flight; it can be sent again', async () => {
    let slow = true;
    const normal = server().routes.get('POST /api/expedientes/7/documentos')!;
    server().routes.set('POST /api/expedientes/7/documentos', (request) => ({
      ...normal(request),
      delayMs: slow ? 5000 : 0,
    }));
    renderUpload();
    await screen.findByText('EXP-2025-000007 — Licencia de obra menor');
    chooseFiles([new File(['hola'], 'nota.txt', { type: 'text/plain' })]);
    await pickOption('Tipo documental de nota.txt', 'Informe');
    fireEvent.click(screen.getByRole('button', { name: 'Subir 1 documento' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar nota.txt' }));
    await waitFor(() => expect(resultOf('nota.txt').textContent).toBe('Cancelado'));
    expect(screen.getByTestId('subida-resumen').textContent).toBe('1 cancelado.');

    slow = false;
    fireEvent.click(screen.getByRole('button', { name: 'Subir 1 documento' }));
    await waitFor(() => expect(resultOf('nota.txt').textContent).toMatch(/^ Subido como nº \d$/));
    expect(posts()).toHaveLength(2);
  });

  it('says so when the preselected expediente is closed or does not exist, and sends nothing there', async () => {
    renderUpload('?expediente=8');
    await screen.findByText('El expediente EXP-2025-000008 está cerrado: no admite documentos. Elija otro.');
    chooseFiles([new File(['hola'], 'nota.txt', { type: 'text/plain' })]);
    expect(screen.getByText('Elija primero el expediente.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Subir 1 documento' }) as HTMLButtonElement).disabled).toBe(true);
    cleanupApp();

    renderUpload('?expediente=999');
    await screen.findByText('No existe el expediente indicado (999). Elija otro.');
  });

  it('refuses a preselected expediente the person sees but may not change, and offers only active tipos', async () => {
    server().routes.set('GET /api/expedientes/7', () => ({
      body: { success: true, data: { ...expediente, gestion: false } },
    }));
    renderUpload();
    await screen.findByText(
      'Puede consultar el expediente EXP-2025-000007, pero no incorporarle documentos. Elija otro.',
    );
    chooseFiles([new File(['hola'], 'nota.txt', { type: 'text/plain' })]);
    expect((screen.getByRole('button', { name: 'Subir 1 documento' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.mouseDown(screen.getByLabelText('Tipo documental de nota.txt').closest('.ant-select')!);
    await screen.findByText('Informe', { selector: '.ant-select-item-option-content' });
    const ofrecidos = [...document.querySelectorAll('.ant-select-item-option-content')].map((o) => o.textContent);
    expect(ofrecidos).toContain('Solicitud');
    expect(ofrecidos).not.toContain('Diligencia');
  });
});
