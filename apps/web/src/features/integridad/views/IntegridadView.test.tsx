import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EstadoIntegridad } from '@ecodigital/contracts/integridad';
import { cleanupApp, renderWithApp } from '../../../testing/render-app';
import { setUpTestApiServer, signInWith } from '../../../testing/set-up-test-api-server';
import { IntegridadView } from './IntegridadView';

const server = setUpTestApiServer();
let estado: EstadoIntegridad;

beforeEach(() => {
  estado = {
    ronda: {
      id: 3,
      iniciada: '2025-03-04T09:05:00.000Z',
      terminada: null,
      documentos_total: 2468,
      documentos_revisados: 1234,
      bytes_total: 10 * 1024 * 1024,
      bytes_revisados: 2.5 * 1024 * 1024,
      hallazgos: 1,
    },
    proxima_ronda: null,
    periodo_dias: 30,
    mib_por_segundo: 16,
    hallazgos: [
      {
        id: '7',
        tipo: 'archivo_alterado',
        origen: 'descarga',
        detectado_en: '2025-03-04T10:30:00.000Z',
        documento: { id_documento: 70, orden: 2, nombre: 'Resolución.pdf' },
        expediente: { id_expediente: 5, numero: 'EXP-2025-000005' },
        usuario: 'Lucía Fernández Díaz',
      },
    ],
  };
  server().routes.set('GET /api/admin/integridad', () => ({ body: { success: true, data: estado } }));
  signInWith(['administracion.integridad']);
});
afterEach(cleanupApp);

describe('IntegridadView', { timeout: 30_000 }, () => {
  it('shows the round in progress with numbers as written in Spain, and each file found wrong', async () => {
    renderWithApp([{ path: '/', Component: IntegridadView }], '/');
    const ronda = await screen.findByTestId('integridad-ronda');
    expect(await within(ronda).findByText('1.234 de 2.468')).toBeTruthy();
    expect(within(ronda).getByText('2,5 MiB de 10,0 MiB')).toBeTruthy();
    expect(within(ronda).getByText('En curso')).toBeTruthy();
    expect(within(ronda).getByRole('progressbar', { name: 'Avance de la ronda nº 3' })).toBeTruthy();
    const fila = await screen.findByTestId('hallazgo-integridad');
    expect(within(fila).getByText('Archivo alterado')).toBeTruthy();
    expect(within(fila).getByText('nº 2 «Resolución.pdf»')).toBeTruthy();
    expect(within(fila).getByText(/Descarga de Lucía Fernández Díaz/)).toBeTruthy();
    expect(within(fila).getByRole('link', { name: 'EXP-2025-000005' }).getAttribute('href')).toBe('/expedientes/ver/5');
  });

  it('says when no file was ever found wrong', async () => {
    estado = { ...estado, hallazgos: [] };
    renderWithApp([{ path: '/', Component: IntegridadView }], '/');
    expect(await screen.findByText('Ningún archivo se ha hallado ausente ni alterado.')).toBeTruthy();
  });
});
