import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentoListado, ResultadoVerificacion } from '@ecodigital/contracts/documentos';
import type { EstadoExpediente } from '@ecodigital/contracts/expedientes';
import { cleanupApp, renderWithApp } from '../../../testing/render-app';
import { signInWith, setUpTestApiServer } from '../../../testing/set-up-test-api-server';
import { onAWideScreen } from '../../../testing/wide-screen';
import { comoDocumento, documentoDemo } from '../test-fixtures';
import { DocumentosTab } from './DocumentosTab';

const GESTOR = [
  'expedientes.ver',
  'documentos.subir',
  'documentos.descargar',
  'documentos.anular',
  'documentos.verificar',
  'expedientes.exportar_eni',
];
const CONSULTA = ['expedientes.ver', 'documentos.descargar'];
const server = setUpTestApiServer();
let documentos: DocumentoListado[];

beforeEach(() => {
  documentos = [
    documentoDemo(),
    documentoDemo({
      id_documento: 12,
      orden: 2,
      nombre: 'Informe técnico.docx',
      formato: 'DOCX',
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      tamano: 850,
      tipo_documental: { id: 2, nombre: 'Informe' },
      huella: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    }),
    documentoDemo({
      id_documento: 13,
      orden: 3,
      nombre: 'Plano.png',
      formato: 'PNG',
      mime: 'image/png',
      anulado: true,
      motivo_anulacion: 'Plano de otra parcela',
    }),
  ];
  server().routes.set('GET /api/expedientes/7/documentos', () => ({ body: { success: true, data: documentos } }));
  signInWith(GESTOR);
});
afterEach(cleanupApp);

function renderTab(estado: EstadoExpediente = 'abierto', gestion = true) {
  return renderWithApp(
    [
      {
        path: '/expedientes/ver/7',
        element: <DocumentosTab id_expediente={7} numero="EXP-2025-000007" estado={estado} gestion={gestion} />,
      },
      { path: '/subir-documentos', element: <p>vista de subida</p> },
    ],
    '/expedientes/ver/7',
  );
}

const row = (orden: number) =>
  document.querySelector<HTMLElement>(`[data-testid="documento-fila"][data-orden="${orden}"]`)!;
const rowButtons = (orden: number) =>
  [...row(orden).querySelectorAll('button:not(.ant-typography-copy)')].map((button) =>
    button.getAttribute('aria-label'),
  );

describe('DocumentosTab', { timeout: 30_000 }, () => {
  it('shows the índice: orden, name, tipo, date, size, format, shortened hash; anulados struck through', async () => {
    renderTab();
    await waitFor(() => expect(row(1)).toBeTruthy());
    const first = row(1).textContent!;
    expect(first).toContain('Solicitud firmada.pdf');
    expect(first).toContain('Solicitud');
    expect(first).toContain('06/03/2025');
    expect(first).toContain('12,3 MB');
    expect(first).toContain('a1b2c3…f9e8');
    expect(row(1).querySelector('[data-huella]')!.getAttribute('data-huella')).toBe(documentos[0]!.huella);
    expect(row(2).textContent).toContain('850 B');

    expect(row(3).querySelector('del')?.textContent).toBe('Plano.png');
    expect(within(row(3)).getByTestId('documento-anulado').textContent).toBe('Anulado');
    expect(row(1).querySelector('del')).toBeNull();
  });

  it('offers gestor preview only for PDF and images, and anular only for valid documents; toolbar leads to the upload view', async () => {
    const { router } = renderTab();
    await waitFor(() => expect(row(1)).toBeTruthy());
    expect(rowButtons(1)).toEqual([
      'Previsualizar Solicitud firmada.pdf',
      'Descargar Solicitud firmada.pdf',
      'Copia auténtica Solicitud firmada.pdf',
      'Anular Solicitud firmada.pdf',
    ]);
    expect(rowButtons(2)).toEqual(['Descargar Informe técnico.docx', 'Anular Informe técnico.docx']);
    expect(rowButtons(3)).toEqual(['Previsualizar Plano.png', 'Descargar Plano.png']);

    fireEvent.click(screen.getByRole('button', { name: /Subir documentos/ }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/subir-documentos?expediente=7'),
    );
  });

  it('gives consulta, and a closed expediente, no upload and no anular', async () => {
    signInWith(CONSULTA);
    renderTab();
    await waitFor(() => expect(row(1)).toBeTruthy());
    expect(screen.queryByRole('button', { name: /Subir documentos/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Verificar integridad/ })).toBeNull();
    expect(rowButtons(1)).toEqual([
      'Previsualizar Solicitud firmada.pdf',
      'Descargar Solicitud firmada.pdf',
      'Copia auténtica Solicitud firmada.pdf',
    ]);
    cleanupApp();

    signInWith(GESTOR);
    renderTab('cerrado');
    await waitFor(() => expect(row(1)).toBeTruthy());
    expect(screen.queryByRole('button', { name: /Subir documentos/ })).toBeNull();
    expect(rowButtons(2)).toEqual(['Descargar Informe técnico.docx']);
  });

  it("offers «Exportar ENI» only with its permiso, and saves the ZIP under the server's name", async () => {
    server().routes.set('GET /api/expedientes/7/eni', () => ({
      body: 'PK',
      headers: {
        'content-type': 'application/zip',
        'content-disposition': 'attachment; filename="expediente-eni-EXP-2025-000007.zip"',
      },
    }));
    // The download gets a stand-in object URL; the shims the other tests use come back after it.
    const { createObjectURL, revokeObjectURL } = URL;
    Object.assign(URL, { createObjectURL: () => 'blob:eni', revokeObjectURL: () => {} });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      renderTab('cerrado', false);
      fireEvent.click(await screen.findByRole('button', { name: /Exportar ENI/ }));
      await waitFor(() => expect(click).toHaveBeenCalled());
      expect(server().requests.some((request) => request.path === '/api/expedientes/7/eni')).toBe(true);
      expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('expediente-eni-EXP-2025-000007.zip');
      cleanupApp();

      signInWith(CONSULTA);
      renderTab();
      await waitFor(() => expect(row(1)).toBeTruthy());
      expect(screen.queryByRole('button', { name: /Exportar ENI/ })).toBeNull();
    } finally {
      click.mockRestore();
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    }
  });

  it('downloads the whole expediente foliated in one PDF, for whoever may download documents', async () => {
    server().routes.set('GET /api/expedientes/7/foliado', () => ({
      body: '%PDF-1.7',
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="expediente-EXP-2025-000007-foliado.pdf"',
      },
    }));
    const { createObjectURL, revokeObjectURL } = URL;
    Object.assign(URL, { createObjectURL: () => 'blob:foliado', revokeObjectURL: () => {} });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      signInWith(CONSULTA);
      renderTab('cerrado', false);
      await waitFor(() => expect(row(1)).toBeTruthy());
      fireEvent.click(screen.getByRole('button', { name: /Descargar foliado \(PDF\)/ }));
      await waitFor(() => expect(click).toHaveBeenCalled());
      expect(server().requests.some((request) => request.path === '/api/expedientes/7/foliado')).toBe(true);
      expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('expediente-EXP-2025-000007-foliado.pdf');
      cleanupApp();

      signInWith(['expedientes.ver']);
      renderTab();
      await waitFor(() => expect(row(1)).toBeTruthy());
      expect(screen.queryByRole('button', { name: /expediente foliado/ })).toBeNull();
    } finally {
      click.mockRestore();
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    }
  });

  it('makes a copia auténtica of a PDF or image, downloads it and shows its código seguro de verificación', async () => {
    const csv = 'ABCD-EFGH-JKLM-NPQR-STUV-WXYZ-2345';
    server().routes.set('POST /api/documentos/11/copia-autentica', () => ({
      status: 201,
      body: {
        success: true,
        msg: `Copia auténtica hecha: código seguro de verificación ${csv}.`,
        data: {
          id_copia: 1,
          id_documento: 11,
          csv,
          url_verificacion: `https://sede.ejemplo.es/verificacion/${csv}`,
          creada_en: '2025-03-07T09:00:00.000Z',
          nombre: 'Solicitud firmada (copia auténtica).pdf',
          paginas: 2,
          tamano: 4096,
          sha256: 'ab'.repeat(32),
        },
      },
    }));
    server().routes.set(`GET /api/verificacion/${csv}/descarga`, () => ({
      body: '%PDF-1.7',
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="copia-autentica.pdf"',
      },
    }));
    server().routes.set('POST /api/documentos/12/copia-autentica', () => ({
      status: 409,
      body: {
        success: false,
        msg: 'Solo se hacen copias auténticas de documentos PDF, JPEG o PNG.',
        code: 'FORMATO_SIN_COPIA',
      },
    }));
    const { createObjectURL, revokeObjectURL } = URL;
    Object.assign(URL, { createObjectURL: () => 'blob:copia', revokeObjectURL: () => {} });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      renderTab('cerrado', false);
      await waitFor(() => expect(row(1)).toBeTruthy());
      // Neither a DOCX nor an anulado offers one.
      expect(rowButtons(2)).toEqual(['Descargar Informe técnico.docx']);
      expect(rowButtons(3)).toEqual(['Previsualizar Plano.png', 'Descargar Plano.png']);
      fireEvent.click(within(row(1)).getByRole('button', { name: 'Copia auténtica Solicitud firmada.pdf' }));
      const dialog = await screen.findByRole('dialog');
      expect((await within(dialog).findByTestId('copia-csv')).textContent).toContain(csv);
      expect(within(dialog).getByText(`https://sede.ejemplo.es/verificacion/${csv}`)).toBeTruthy();
      expect(click).toHaveBeenCalled();
      expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('copia-autentica.pdf');
      expect(
        within(dialog)
          .getByRole('link', { name: /Descargar la copia auténtica/ })
          .getAttribute('href'),
      ).toBe(`/api/verificacion/${csv}/descarga`);
    } finally {
      click.mockRestore();
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    }
  });

  it('gives gestor no upload and no anular on an expediente they only see (no gestión over it)', async () => {
    renderTab('abierto', false);
    await waitFor(() => expect(row(1)).toBeTruthy());
    expect(screen.queryByRole('button', { name: /Subir documentos/ })).toBeNull();
    expect(rowButtons(2)).toEqual(['Descargar Informe técnico.docx']);
    // Checking the seals changes nothing: it stays available to whoever holds its permiso.
    expect(screen.getByRole('button', { name: /Verificar integridad/ })).toBeTruthy();
  });

  it('asks a motivo of at least 5 characters before anular, sends it and shows the document anulado', async () => {
    server().routes.set('POST /api/documentos/12/anular', (request) => {
      const { motivo } = request.body as { motivo: string };
      documentos[1] = { ...documentos[1]!, anulado: true, motivo_anulacion: motivo };
      return {
        body: {
          success: true,
          msg: 'Documento nº 2 «Informe técnico.docx» anulado.',
          data: comoDocumento(documentos[1]),
        },
      };
    });
    renderTab();
    await waitFor(() => expect(row(2)).toBeTruthy());
    fireEvent.click(within(row(2)).getByRole('button', { name: 'Anular Informe técnico.docx' }));
    const dialog = await screen.findByRole('dialog');
    const motivo = within(dialog).getByLabelText('Motivo de la anulación');
    fireEvent.change(motivo, { target: { value: 'Mal' } });
    fireEvent.click(within(dialog).getByText('Anular', { selector: 'button span' }));
    await within(dialog).findByText('El motivo debe tener al menos 5 caracteres.');
    expect(server().requests.some((request) => request.method === 'POST')).toBe(false);

    fireEvent.change(motivo, { target: { value: '  Duplicado del nº 1  ' } });
    fireEvent.click(within(dialog).getByText('Anular', { selector: 'button span' }));
    await waitFor(() => expect(row(2).querySelector('del')?.textContent).toBe('Informe técnico.docx'));
    expect(server().requests.find((request) => request.method === 'POST')?.body).toEqual({
      motivo: 'Duplicado del nº 1',
    });
    await screen.findByText('Documento nº 2 «Informe técnico.docx» anulado.');
  });

  it('shows the verification result: all correct, or each incidencia', async () => {
    let resultado: ResultadoVerificacion = {
      correcto: true,
      documentos_verificados: 3,
      verificado_en: '2025-03-07T09:00:00.000Z',
      incidencias: [],
    };
    server().routes.set('POST /api/expedientes/7/verificar', () => ({
      body: { success: true, msg: 'Integridad verificada', data: resultado },
    }));
    renderTab();
    await waitFor(() => expect(row(1)).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: /Verificar integridad/ }));
    const result = await screen.findByTestId('verificacion-resultado');
    await within(result).findByText('Integridad verificada: 3 documentos correctos.');
    // The dialog is the answer: no second "Éxito" toast repeating it.
    expect(screen.queryByText('Integridad verificada')).toBeNull();
    fireEvent.click(screen.getByText('Cerrar', { selector: 'button span' }));

    resultado = {
      correcto: false,
      documentos_verificados: 3,
      verificado_en: '2025-03-07T09:00:00.000Z',
      incidencias: [
        {
          orden: 2,
          nombre: 'Informe técnico.docx',
          tipo: 'archivo_alterado',
          detalle: 'La huella del archivo no coincide.',
        },
      ],
    };
    fireEvent.click(screen.getByRole('button', { name: /Verificar integridad/ }));
    await screen.findByText('Se ha encontrado 1 incidencia de integridad.');
    expect(screen.getByText(/La huella del archivo no coincide\./).textContent).toBe(
      'Nº 2 · Informe técnico.docx: La huella del archivo no coincide.',
    );
  });

  it('shows the state of each text, its reason when there is no text, and the thumbnails the API has', async () => {
    documentos[0] = documentoDemo({ miniatura: true });
    documentos[1] = { ...documentos[1]!, texto: { estado: 'pendiente', motivo: null, paginas: null, paginas_ocr: 0 } };
    documentos[2] = {
      ...documentos[2]!,
      texto: { estado: 'sin_texto', motivo: 'OCR no disponible', paginas: 1, paginas_ocr: 0 },
      miniatura: true,
    };
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
    server().routes.set('GET /api/documentos/11/miniatura', () => ({
      body: jpeg,
      headers: { 'content-type': 'image/jpeg' },
    }));
    server().routes.set('GET /api/documentos/13/miniatura', () => ({
      body: jpeg,
      headers: { 'content-type': 'image/jpeg' },
    }));
    renderTab();
    await waitFor(() => expect(row(1)).toBeTruthy());
    const estados = [1, 2, 3].map((orden) => within(row(orden)).getByTestId('estado-texto').textContent);
    expect(estados).toEqual(['indexado', 'pendiente', 'sin texto (OCR no disponible)']);
    await waitFor(() =>
      expect(within(row(1)).getByRole('img', { name: 'Miniatura de Solicitud firmada.pdf' })).toBeTruthy(),
    );
    await waitFor(() => expect(within(row(3)).getByRole('img', { name: 'Miniatura de Plano.png' })).toBeTruthy());
    expect(within(row(2)).queryByTestId('documento-miniatura')).toBeNull();
    const pedidas = server()
      .requests.filter((request) => request.path.includes('/miniatura'))
      .map((request) => request.path);
    expect(pedidas.sort()).toEqual(['/api/documentos/11/miniatura', '/api/documentos/13/miniatura']);
  });

  it('shows a document whose content an acta destroyed: its tag, no way to open it, no state of a text that is gone', async () => {
    documentos[0] = { ...documentos[0]!, eliminado: { acta: 'AE-000004', destruido_en: '2026-03-05T09:00:01.000Z' } };
    // The API reads «pendiente» once the text went with the bytes: nothing will extract it again.
    documentos[0].texto = { estado: 'pendiente', motivo: null, paginas: null, paginas_ocr: 0 };
    renderTab('archivado', false);
    await waitFor(() => expect(row(1)).toBeTruthy());
    expect(within(row(1)).getByTestId('documento-eliminado').textContent).toBe('Eliminado (acta AE-000004)');
    expect(within(row(1)).queryByTestId('estado-texto')).toBeNull();
    expect(rowButtons(1)).toEqual([]);
    expect(within(row(2)).getByTestId('estado-texto').textContent).toBe('indexado');
  });

  it('says so when the expediente has no documents', async () => {
    documentos = [];
    renderTab();
    await screen.findByText('Este expediente aún no tiene documentos.');
  });

  it('writes the reason of an extraction error under its tag, not only in a tooltip', async () => {
    documentos[1] = {
      ...documentos[1]!,
      texto: { estado: 'error', motivo: 'El archivo DOCX está dañado.', paginas: null, paginas_ocr: 0 },
    };
    renderTab();
    await waitFor(() => expect(row(2)).toBeTruthy());
    expect(within(row(2)).getByTestId('estado-texto').textContent).toBe('error');
    expect(within(row(2)).getByTestId('estado-texto-motivo').textContent).toBe('El archivo DOCX está dañado.');
  });

  it('on a narrow screen shows each document as a card with its actions written out', async () => {
    renderTab();
    await waitFor(() => expect(row(1)).toBeTruthy());
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(row(1)).getByRole('button', { name: 'Anular Solicitud firmada.pdf' }).textContent).toBe('Anular');
  });

  describe('on a wide screen', () => {
    onAWideScreen();

    it('is a table whose last column, «Acciones», holds every action of the row', async () => {
      renderTab();
      await waitFor(() => expect(row(1)).toBeTruthy());
      const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
      expect(headers.at(-1)).toBe('Acciones');
      expect(row(1).tagName).toBe('TR');
      expect(rowButtons(1)).toEqual([
        'Previsualizar Solicitud firmada.pdf',
        'Descargar Solicitud firmada.pdf',
        'Copia auténtica Solicitud firmada.pdf',
        'Anular Solicitud firmada.pdf',
      ]);
    });

    it('keeps the date and time of incorporation on one line in the table', async () => {
      renderTab();
      await waitFor(() => expect(row(1)).toBeTruthy());
      const fecha = row(1).querySelector('time')!;
      expect(fecha.textContent).toMatch(/^06\/03\/2025 \d\d:\d\d$/);
      expect(fecha.closest('.documento-sin-corte')).toBeTruthy();
    });

    it('gives a destroyed document a dash for its text in the table too', async () => {
      documentos[0] = { ...documentos[0]!, eliminado: { acta: 'AE-000004', destruido_en: '2026-03-05T09:00:01.000Z' } };
      documentos[0].texto = { estado: 'pendiente', motivo: null, paginas: null, paginas_ocr: 0 };
      renderTab('archivado', false);
      await waitFor(() => expect(row(1)).toBeTruthy());
      expect(row(1).tagName).toBe('TR');
      expect(within(row(1)).queryByTestId('estado-texto')).toBeNull();
      expect(within(row(1)).getByText('—')).toBeTruthy();
      expect(rowButtons(1)).toEqual([]);
    });

    it('tells a person without documentos.descargar why there is nothing to open, instead of an empty column', async () => {
      signInWith(['expedientes.ver']);
      renderTab();
      await waitFor(() => expect(row(1)).toBeTruthy());
      expect(screen.getByTestId('documentos-sin-descarga').textContent).toContain(
        'su perfil no incluye descargarlos ni previsualizarlos',
      );
      const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
      expect(headers).not.toContain('Acciones');
      expect(rowButtons(1)).toEqual([]);
    });
  });
});
