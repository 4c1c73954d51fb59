import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PaginaBusqueda } from '@ecodigital/contracts/documentos';
import { cleanupApp, renderWithApp } from '../../../testing/render-app';
import { setUpTestApiServer, signInWith } from '../../../testing/set-up-test-api-server';
import { BuscarDocumentosView } from './BuscarDocumentosView';

const server = setUpTestApiServer();
const pagina: PaginaBusqueda = {
  items: [
    {
      id_documento: 4,
      orden: 2,
      nombre: 'resolucion-licencia.pdf',
      formato: 'PDF',
      mime: 'application/pdf',
      anulado: false,
      tipo_documental: 'Resolución',
      fecha_incorporacion: '2026-03-05T10:00:00.000Z',
      estado_texto: 'indexado',
      expediente: { id_expediente: 7, numero: 'EXP-2025-000007', asunto: 'Licencia de obra menor' },
      fragmento: [
        { texto: '… se concede la ', resaltado: false },
        { texto: 'licencia', resaltado: true },
        { texto: ' de obra …', resaltado: false },
      ],
      rango: 0.1,
      miniatura: false,
    },
  ],
  page: 1,
  pageSize: 10,
  total: 1,
  totalExacto: true,
};

beforeEach(() => {
  server().routes.set('GET /api/documentos/buscar', () => ({ body: { success: true, data: pagina } }));
  server().routes.set('GET /api/catalogos/tipos-documentales', () => ({
    body: { success: true, data: [{ id: 3, nombre: 'Resolución', activo: true }] },
  }));
});
afterEach(cleanupApp);

const unidades = { options: [{ value: 5, label: 'Urbanismo' }], loading: false };
const renderPagina = (path: string) =>
  renderWithApp([{ path: '/buscar-documentos', element: <BuscarDocumentosView unidades={unidades} /> }], path);
const busquedas = () => server().requests.filter((request) => request.path === '/api/documentos/buscar');

describe('BuscarDocumentosView', { timeout: 20_000 }, () => {
  it('tells whoever may not open documents that only the names were searched', async () => {
    signInWith(['expedientes.ver']);
    renderPagina('/buscar-documentos?q=licencia');
    await screen.findByText('1 documento tiene «licencia» en su nombre');
    expect(screen.getByTestId('busqueda-solo-nombres').textContent).toBe(
      'Sin el permiso de abrir documentos, la búsqueda mira solo sus nombres, no su contenido.',
    );
  });

  it('speaks of the content to whoever may open them, with the date, tipo and fragment', async () => {
    signInWith(['expedientes.ver', 'documentos.descargar']);
    renderPagina('/buscar-documentos?q=licencia');
    await screen.findByText('1 documento contiene «licencia»');
    expect(screen.queryByTestId('busqueda-solo-nombres')).toBeNull();
    expect(screen.getByText(/Resolución · incorporado el/).textContent).toBe('Resolución · incorporado el 05/03/2026');
    expect(screen.getByTestId('fragmento').textContent).toBe('… se concede la licencia de obra …');
  });

  it('sends the filters the URL holds, and drops the malformed ones', async () => {
    signInWith(['expedientes.ver', 'documentos.descargar']);
    renderPagina('/buscar-documentos?q=licencia&tipo=3&unidad=5&desde=2026-01-01&hasta=2026-02-30&estado=error&page=x');
    await screen.findByText('1 documento contiene «licencia»');
    const query = busquedas()[0]!.query;
    expect(Object.fromEntries(query)).toEqual({
      q: 'licencia',
      id_tipo_documental: '3',
      id_unidad: '5',
      desde: '2026-01-01',
      estado_texto: 'error',
      page: '1',
      pageSize: '10',
    });
  });

  it('asks the server again on every press of Buscar, even for the same words', async () => {
    signInWith(['expedientes.ver', 'documentos.descargar']);
    renderPagina('/buscar-documentos?q=licencia');
    await screen.findByText('1 documento contiene «licencia»');
    expect(busquedas()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /Buscar/ }));
    await waitFor(() => expect(busquedas()).toHaveLength(2));
    fireEvent.submit(screen.getByRole('search', { name: 'Buscar en documentos' }));
    await waitFor(() => expect(busquedas()).toHaveLength(3));
  });

  it('asks for two letters before searching, without asking the server', async () => {
    signInWith(['expedientes.ver', 'documentos.descargar']);
    renderPagina('/buscar-documentos');
    expect(screen.getByTestId('busqueda-sin-palabras')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Palabras que buscar'), { target: { value: ' a ' } });
    fireEvent.click(screen.getByRole('button', { name: /Buscar/ }));
    await screen.findByText('Escriba al menos 2 letras que buscar.');
    expect(busquedas()).toHaveLength(0);
  });
});
