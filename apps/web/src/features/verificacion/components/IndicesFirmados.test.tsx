import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FirmasExpediente } from '@ecodigital/contracts/eni';
import { cleanupApp, renderWithApp } from '../../../testing/render-app';
import { setUpTestApiServer, signInWith } from '../../../testing/set-up-test-api-server';
import { IndicesFirmados } from './IndicesFirmados';

const server = setUpTestApiServer();

const CSV = 'ABCD-EFGH-JKLM-NPQR-STUV-WXYZ-2345';

const firmas: FirmasExpediente = {
  remision_cerrada_en: null,
  firmas: [
    {
      id_firma: 4,
      motivo: 'cierre',
      firmado_en: '2026-03-10T09:30:00.000Z',
      firmado_por: { id_usuario: 2, nombre_completo: 'Juan Carlos Pérez Ruiz', username: 'gestor' },
      documentos: 2,
      huella_indice: 'a'.repeat(64),
      certificado: { sujeto: 'CN=Sello', emisor: 'CN=Sello', serie: '01' },
      solo_desarrollo: false,
      sello_tiempo: null,
      sello_tiempo_texto: 'Sin sello de tiempo.',
      csv: CSV,
    },
  ],
};

afterEach(cleanupApp);

describe('IndicesFirmados', () => {
  it('shows each signed índice with its CSV and the address where anybody verifies it', async () => {
    signInWith(['expedientes.ver']);
    server().routes.set('GET /api/expedientes/7/firmas', () => ({ body: { success: true, data: firmas } }));
    renderWithApp([{ path: '/', element: <IndicesFirmados id_expediente={7} cerrado /> }], '/');
    expect(await screen.findByText('Índices firmados')).not.toBeNull();
    expect(screen.getByText(/Cierre del expediente, 10\/03\/2026/)).not.toBeNull();
    expect(screen.getByText(CSV)).not.toBeNull();
    const enlace = screen.getByRole('link', { name: `${window.location.origin}/verificacion/${CSV}` });
    expect(enlace.getAttribute('href')).toBe(`${window.location.origin}/verificacion/${CSV}`);
  });

  it('asks nothing and shows nothing while the expediente is open', () => {
    signInWith(['expedientes.ver']);
    renderWithApp([{ path: '/', element: <IndicesFirmados id_expediente={7} cerrado={false} /> }], '/');
    expect(screen.queryByTestId('indices-firmados')).toBeNull();
    expect(server().requests.filter((request) => request.path.includes('/firmas'))).toEqual([]);
  });
});
