import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RetencionExpediente } from '@ecodigital/contracts/retencion';
import { dialogButton } from '../../../testing/dialog-queries';
import { cleanupApp, renderWithApp } from '../../../testing/render-app';
import { setUpTestApiServer, signInWith } from '../../../testing/set-up-test-api-server';
import { RetencionCard } from './RetencionCard';

const server = setUpTestApiServer();
afterEach(cleanupApp);

const persona = { id_usuario: 1, username: 'admin', nombre_completo: 'María José García López' };
const base: RetencionExpediente = {
  regla: { disposicion: 'eliminacion', anios: 5 },
  pendiente_dictamen: true,
  retencion_legal: null,
  retenciones: [],
  eliminado: null,
};

const mostrar = (retencion: RetencionExpediente) => {
  server().routes.set('GET /api/expedientes/7/retencion', () => ({ body: { success: true, data: retencion } }));
  renderWithApp([{ path: '/', Component: () => <RetencionCard id_expediente={7} /> }], '/');
};

describe('RetencionCard', { timeout: 30_000 }, () => {
  it('tags a pending expediente and sets a legal hold with a motivo', async () => {
    signInWith(['expedientes.ver', 'retencion.gestionar']);
    const retenida = {
      id: 1,
      motivo: 'Recurso en curso',
      puesta_por: persona,
      puesta_en: '2026-03-04T09:05:00.000Z',
      levantada_en: null,
      levantada_por: null,
      motivo_levantamiento: null,
    };
    server().routes.set('POST /api/expedientes/7/retencion-legal', () => ({
      body: {
        success: true,
        msg: 'Retención legal puesta.',
        data: { ...base, pendiente_dictamen: false, retencion_legal: retenida, retenciones: [retenida] },
      },
    }));
    mostrar(base);
    const card = await screen.findByTestId('retencion-expediente');
    expect(within(card).getByText('Pendiente de dictamen')).toBeTruthy();
    expect(within(card).getByText('Eliminación a los 5 años del cierre')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Poner retención legal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Poner retención legal' });
    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: 'Recurso en curso' } });
    fireEvent.click(dialogButton(dialog, 'Poner retención'));
    expect(await within(card).findByText('Retención legal')).toBeTruthy();
    await waitFor(() => expect(within(card).queryByText('Pendiente de dictamen')).toBeNull());
    expect(server().requests.find((request) => request.method === 'POST')?.body).toEqual({
      motivo: 'Recurso en curso',
    });
  });

  it('says which acta destroyed the contents, with no action, to whoever only sees it', async () => {
    signInWith(['expedientes.ver']);
    mostrar({
      ...base,
      pendiente_dictamen: false,
      eliminado: { acta: 'AE-000002', aprobada_en: '2026-02-01T09:00:00.000Z' },
    });
    const card = await screen.findByTestId('retencion-expediente');
    expect(within(card).getByText('Eliminado (acta AE-000002)')).toBeTruthy();
    const acta = within(card).getByTestId('retencion-acta');
    expect(acta.textContent).toBe('AE-000002');
    expect(acta.style.whiteSpace).toBe('nowrap');
    expect(acta.parentElement!.textContent).toMatch(
      /^Contenido de los documentos eliminado por el acta AE-000002 \(01\/02\/2026 \d\d:00\)\. Se conservan sus metadatos, el índice con las huellas y el historial\.$/,
    );
    expect(within(card).queryByRole('button')).toBeNull();
  });
});
