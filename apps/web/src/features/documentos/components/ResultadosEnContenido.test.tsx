import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PaginaBusqueda } from '@ecodigital/contracts/documentos';
import { cleanupApp, renderWithApp } from '../../../testing/render-app';
import { setUpTestApiServer, signInWith } from '../../../testing/set-up-test-api-server';
import { ResultadosEnContenido } from './ResultadosEnContenido';

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
      expediente: { id_expediente: 7, numero: 'EXP-2025-000007', asunto: 'Licencia de obra menor' },
      fragmento: [],
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
});
afterEach(cleanupApp);

const renderResultados = () => renderWithApp([{ path: '/', element: <ResultadosEnContenido q="licencia" /> }], '/');

describe('ResultadosEnContenido', { timeout: 20_000 }, () => {
  it('tells whoever may not open documents that only the names were searched', async () => {
    signInWith(['expedientes.ver']);
    renderResultados();
    await screen.findByText('1 documento tiene «licencia» en su nombre');
    expect(screen.getByTestId('busqueda-solo-nombres').textContent).toBe(
      'Sin el permiso de abrir documentos, la búsqueda mira solo sus nombres, no su contenido.',
    );
    expect(screen.getByText('Coincide el nombre del documento.')).toBeTruthy();
  });

  it('speaks of the content to whoever may open them', async () => {
    signInWith(['expedientes.ver', 'documentos.descargar']);
    renderResultados();
    await screen.findByText('1 documento contiene «licencia»');
    expect(screen.queryByTestId('busqueda-solo-nombres')).toBeNull();
  });
});
