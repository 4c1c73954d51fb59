import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { useTestStack } from '../../testing/test-stack';
import { COLA_CONSULTAS_VERIFICACION, LOTE_PODA } from './consultas.plugin';
import { MENSAJES_VERIFICACION } from './verificacion.mensajes';

/** A well-formed code nobody was given. */
const DESCONOCIDO = 'ABCDEFGHJKLMNPQRSTUVWXYZ2345';

/**
 * The recorded look-ups of the public verification are kept VERIFICACION_CONSULTAS_DIAS days: the
 * daily job of the job runner deletes the older ones, in batches, and nothing else (real PostgreSQL).
 */
describe('deleting old look-ups of the public verification (VERIFICACION_CONSULTAS_DIAS)', () => {
  const stack = useTestStack({ env: { VERIFICACION_CONSULTAS_DIAS: '30' } });

  /** `n` look-ups made `dias` days ago (well formed, of no code: what anybody may leave). */
  const consultasDeHace = (dias: number, n = 1) =>
    stack.app().db.query(
      `INSERT INTO consulta_verificacion (consultado_en, ip, huella_prefijo, resultado, descarga)
         SELECT now() - $1 * interval '1 day', '203.0.113.' || (g % 250), '0123456789abcdef', 'desconocido', false
         FROM generate_series(1, $2) AS g`,
      [dias, n],
    );

  const quedan = async () =>
    (
      await stack.app().db.query<{ dias: number; n: number }>(
        `SELECT floor(extract(epoch FROM now() - consultado_en) / 86400)::integer AS dias, count(*)::integer AS n
           FROM consulta_verificacion GROUP BY 1 ORDER BY 1`,
      )
    ).map(({ dias, n }) => [dias, n]);

  /** The recurring job, due now (a test does not wait a day). */
  async function borrarAhora(): Promise<number> {
    const app = stack.app();
    await app.consultasVerificacion.programar();
    await app.db.query(`UPDATE trabajo SET disponible_desde = now() WHERE cola = $1`, [COLA_CONSULTAS_VERIFICACION]);
    return app.jobs.drain(COLA_CONSULTAS_VERIFICACION);
  }

  it('deletes those older than the days kept, more than one batch of them, and keeps the rest', async () => {
    await consultasDeHace(400, LOTE_PODA + 5);
    await consultasDeHace(31, 2);
    await consultasDeHace(29, 3);
    await consultasDeHace(0, 1);
    // A look-up made now through the route stays too.
    const respuesta = await stack.app().inject({ method: 'GET', url: `/api/verificacion/${DESCONOCIDO}` });
    expect(respuesta.statusCode).toBe(404);
    expect(respuesta.json().msg).toBe(MENSAJES_VERIFICACION.noExiste);

    expect(await borrarAhora()).toBe(1);
    expect(await quedan()).toEqual([
      [0, 2],
      [29, 3],
    ]);
    // Scheduled again for tomorrow, not gone.
    const [trabajo] = await stack
      .app()
      .db.query<{ estado: string; horas: number }>(
        `SELECT estado, extract(epoch FROM disponible_desde - now()) / 3600 AS horas FROM trabajo WHERE cola = $1`,
        [COLA_CONSULTAS_VERIFICACION],
      );
    expect(trabajo!.estado).toBe('pendiente');
    expect(Number(trabajo!.horas)).toBeGreaterThan(23);
  });

  it('with nothing old, deletes nothing', async () => {
    expect(await borrarAhora()).toBe(1);
    expect(await quedan()).toEqual([
      [0, 2],
      [29, 3],
    ]);
  });
});

describe('the public verification: its limit per address and its retention come from the environment', () => {
  const stack = useTestStack({ env: { LIMITE_CONSULTAS_CSV_POR_MINUTO: '2' } });

  it('LIMITE_CONSULTAS_CSV_POR_MINUTO: the third look-up of the minute from one address answers 429', async () => {
    const consultar = (remoteAddress: string) =>
      stack.app().inject({ method: 'GET', url: `/api/verificacion/${DESCONOCIDO}`, remoteAddress });
    expect((await consultar('198.51.100.7')).statusCode).toBe(404);
    expect((await consultar('198.51.100.7')).statusCode).toBe(404);
    expect((await consultar('198.51.100.7')).statusCode).toBe(429);
    expect((await consultar('198.51.100.8')).statusCode).toBe(404);
  });

  it('refuses at start a limit of 0 (never unlimited) and fewer than 30 days kept', () => {
    expect(() => loadConfig({ LIMITE_CONSULTAS_CSV_POR_MINUTO: '0' })).toThrow(/LIMITE_CONSULTAS_CSV_POR_MINUTO/);
    expect(() => loadConfig({ VERIFICACION_CONSULTAS_DIAS: '7' })).toThrow(/VERIFICACION_CONSULTAS_DIAS/);
    expect(loadConfig({}).verificacionPublica).toEqual({ porMinuto: 20, conservarDias: 730 });
  });
});
