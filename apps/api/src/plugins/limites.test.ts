import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../testing/api-client';
import { useTestStack } from '../testing/test-stack';
import { createTestApp } from '../testing/test-app';
import { catalogos, crearExpediente } from '../modules/inicio/testing/inicio-fixtures';
import { formulario } from '../modules/documentos/testing/multipart';
import { samplePdf } from '../modules/documentos/inspection/testing/sample-files';

const LIMITE = 2;

function esLimite(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(429);
  const espera = Number(response.headers['retry-after']);
  expect(espera).toBeGreaterThanOrEqual(1);
  expect(espera).toBeLessThanOrEqual(60);
  expect(response.json()).toEqual({
    success: false,
    msg: expect.stringMatching(
      new RegExp(
        `^Ha hecho demasiadas peticiones de este tipo \\(máximo ${LIMITE} por minuto\\)\\. Espere ${espera} s`,
      ),
    ),
    code: 'DEMASIADAS_PETICIONES',
  });
}

describe('per-caller limits of the expensive routes (429, Retry-After, by sub, not by IP)', () => {
  const stack = useTestStack({
    env: {
      LIMITE_BUSQUEDAS_POR_MINUTO: String(LIMITE),
      LIMITE_HISTORIAL_POR_MINUTO: String(LIMITE),
      LIMITE_SUBIDAS_POR_MINUTO: String(LIMITE),
      LIMITE_EXPORTACIONES_POR_MINUTO: String(LIMITE),
      LIMITE_VERIFICACIONES_POR_MINUTO: String(LIMITE),
    },
  });
  const as = {} as Record<'gestor' | 'consulta' | 'admin' | 'tesorera', ApiClient>;
  let id: number;

  beforeAll(async () => {
    for (const username of ['gestor', 'consulta', 'admin', 'tesorera'] as const)
      as[username] = await stack.as(username);
    id = (await crearExpediente(as.gestor, await catalogos(stack.app().db))).id_expediente;
  });

  async function subir(client: 'gestor' | 'admin') {
    const [tipo] = await stack.app().db.query<{ id: number }>(`SELECT id FROM tipo_documental ORDER BY id LIMIT 1`);
    const { payload, headers } = formulario([
      { campo: 'id_tipo_documental', valor: String(tipo!.id) },
      { campo: 'archivo', archivo: 'limite.pdf', contenido: samplePdf(`límite ${Math.random()}`) },
    ]);
    const { access_token } = await stack.idp().tokensFor(client);
    return stack.app().inject({
      method: 'POST',
      url: `/api/expedientes/${id}/documentos`,
      headers: { ...headers, authorization: `Bearer ${access_token}` },
      payload,
    });
  }

  it.each([
    [
      'searches (inside documents, the list by text)',
      (c: ApiClient) => c.get('/api/documentos/buscar?q=licencia'),
      (c: ApiClient) => c.get('/api/expedientes?q=licencia'),
    ],
    [
      'the historial',
      (c: ApiClient) => c.get(`/api/expedientes/${id}/historial`),
      (c: ApiClient) => c.get(`/api/expedientes/${id}/historial?lecturas=true`),
    ],
    [
      'exports (CSV, índice PDF)',
      (c: ApiClient) => c.get('/api/expedientes/export.csv'),
      (c: ApiClient) => c.get(`/api/expedientes/${id}/indice.pdf`),
    ],
  ])('%s: one person over the limit gets 429; another from the same address does not', async (_, pedir, otra) => {
    for (let vez = 0; vez < LIMITE; vez++) expect((await pedir(as.consulta)).statusCode).toBe(200);
    esLimite(await otra(as.consulta));
    esLimite(await pedir(as.consulta));
    expect((await pedir(as.admin)).statusCode).toBe(200);
  });

  it('uploads and verificar integridad are limited the same way', async () => {
    for (let vez = 0; vez < LIMITE; vez++) expect((await subir('gestor')).statusCode).toBe(201);
    esLimite(await subir('gestor'));
    expect((await subir('admin')).statusCode).toBe(201);

    const verificar = (client: ApiClient) => client.post(`/api/expedientes/${id}/verificar`);
    for (let vez = 0; vez < LIMITE; vez++) expect((await verificar(as.gestor)).statusCode).toBe(200);
    esLimite(await verificar(as.gestor));
  });

  it('leaves the plain list (no text) and the detail alone', async () => {
    for (let vez = 0; vez < LIMITE * 3; vez++) {
      expect((await as.tesorera.get('/api/expedientes?page=1')).statusCode).toBe(200);
      expect((await as.gestor.get(`/api/expedientes/${id}`)).statusCode).toBe(200);
    }
  });
});

describe('load shedding under pressure', () => {
  it('answers 503 with Retry-After and a Spanish message while the instance is over its memory limit', async () => {
    const testApp = await createTestApp({
      organizacionDemo: false,
      logger: { level: 'error' },
      env: { SOBRECARGA_MEMORIA_MAX_MB: '1' },
    });
    try {
      await testApp.app.ready();
      // The pressure is sampled about once a second: wait for the first sample.
      let response = await testApp.app.inject({ method: 'GET', url: '/api/config' });
      const hasta = Date.now() + 10_000;
      while (response.statusCode !== 503 && Date.now() < hasta) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        response = await testApp.app.inject({ method: 'GET', url: '/api/config' });
      }
      expect(response.statusCode).toBe(503);
      expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(response.json()).toEqual({
        success: false,
        msg: 'El servidor está sobrecargado en este momento. Inténtelo de nuevo en unos segundos.',
        code: 'SOBRECARGA',
      });
    } finally {
      await testApp.close();
    }
  });
});
