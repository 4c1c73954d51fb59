import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ColaTrabajos, EstadoTrabajos } from '@ecodigital/contracts/trabajos';
import { cleanupApp, renderWithApp } from '../../../testing/render-app';
import { setUpTestApiServer, signInWith } from '../../../testing/set-up-test-api-server';
import { TrabajosView } from './TrabajosView';

const server = setUpTestApiServer();
let estado: EstadoTrabajos;
let llamadas: string[];

const cola = (nombre: string, titulo: string, cambios: Partial<ColaTrabajos> = {}): ColaTrabajos => ({
  nombre,
  titulo,
  pausada: false,
  pausada_por: null,
  pausada_en: null,
  pendientes: 0,
  programados: 0,
  en_curso: 0,
  fallidos: 0,
  ...cambios,
});

beforeEach(() => {
  llamadas = [];
  estado = {
    colas: [
      cola('texto', 'Extracción de texto', { pendientes: 1234, en_curso: 2, fallidos: 1 }),
      cola('reindexado', 'Reindexado del índice de búsqueda', {
        pausada: true,
        pausada_por: 'María José García López',
        pausada_en: '2025-03-04T09:05:00.000Z',
      }),
    ],
    fallidos: [
      {
        id: '41',
        cola: 'texto',
        titulo: 'Extracción de texto',
        descripcion: 'Documento nº 7',
        intentos: 1,
        motivo: 'El PDF está protegido con contraseña.',
        actualizado: '2025-03-04T10:30:00.000Z',
      },
    ],
  };
  server().routes.set('GET /api/admin/trabajos', () => ({ body: { success: true, data: estado } }));
  for (const [nombre, accion, pausada] of [
    ['texto', 'pausar', true],
    ['reindexado', 'reanudar', false],
  ] as const) {
    server().routes.set(`POST /api/admin/trabajos/colas/${nombre}/${accion}`, () => {
      llamadas.push(`${accion} ${nombre}`);
      estado = {
        ...estado,
        colas: estado.colas.map((c) =>
          c.nombre === nombre ? { ...c, pausada, pausada_por: null, pausada_en: null } : c,
        ),
      };
      return { body: { success: true, msg: `Cola ${accion}.`, data: estado } };
    });
  }
  server().routes.set('POST /api/admin/trabajos/41/reintentar', () => {
    llamadas.push('reintentar 41');
    estado = { ...estado, fallidos: [] };
    return { body: { success: true, msg: '«Documento nº 7» vuelve a la cola desde su primer intento.', data: estado } };
  });
  signInWith(['administracion.trabajos']);
});
afterEach(cleanupApp);

const tarjeta = async (nombre: string) =>
  (await screen.findAllByTestId('cola-trabajos')).find((t) => t.getAttribute('data-cola') === nombre)!;

describe('TrabajosView', { timeout: 30_000 }, () => {
  it('shows each queue with its figures as numbers are written in Spain, and who paused one and when', async () => {
    renderWithApp([{ path: '/', Component: TrabajosView }], '/');
    const texto = await tarjeta('texto');
    expect(within(texto).getByText('Extracción de texto')).toBeTruthy();
    expect(within(texto).getByText('1.234')).toBeTruthy();
    expect(within(texto).getByText('Activa')).toBeTruthy();
    const reindexado = await tarjeta('reindexado');
    expect(within(reindexado).getByText('En pausa')).toBeTruthy();
    expect(
      within(reindexado).getByText(/En pausa desde el 04\/03\/2025 \d{2}:05 por María José García López/),
    ).toBeTruthy();
    const fila = await screen.findByTestId('trabajo-fallido');
    expect(within(fila).getByText('El PDF está protegido con contraseña.')).toBeTruthy();
    expect(within(fila).getByText(/Documento nº 7/)).toBeTruthy();
  });

  it('pauses a queue only after confirming, resumes one at once, and retries a failed job', async () => {
    const user = userEvent.setup();
    renderWithApp([{ path: '/', Component: TrabajosView }], '/');
    await user.click(
      within(await tarjeta('texto')).getByRole('button', { name: 'Pausar la cola Extracción de texto' }),
    );
    expect(llamadas).toEqual([]);
    await user.click(await screen.findByRole('button', { name: 'Pausar' }));
    await waitFor(() => expect(llamadas).toEqual(['pausar texto']));
    await waitFor(async () => expect(within(await tarjeta('texto')).getByText('En pausa')).toBeTruthy());

    await user.click(
      within(await tarjeta('reindexado')).getByRole('button', {
        name: 'Reanudar la cola Reindexado del índice de búsqueda',
      }),
    );
    await waitFor(() => expect(llamadas).toEqual(['pausar texto', 'reanudar reindexado']));

    await user.click(screen.getByRole('button', { name: 'Reintentar Documento nº 7' }));
    await waitFor(() => expect(llamadas).toContain('reintentar 41'));
    expect(await screen.findByText('Ningún trabajo ha fallado.')).toBeTruthy();
  });
});
