import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { startTestIdp, type TestIdp } from '../../testing/idp';

describe('GET /api/health', () => {
  let idp: TestIdp;
  let testApp: TestApp;
  let idpClosed = false;
  beforeAll(async () => {
    idp = await startTestIdp();
    testApp = await createTestApp({ issuer: idp.issuer });
  });
  afterAll(async () => {
    await testApp?.close();
    if (!idpClosed) await idp?.close();
  });

  const health = () => testApp.app.inject({ method: 'GET', url: '/api/health' });

  it('answers 200 without a token when the database and the identity provider answer', async () => {
    const response = await health();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: {
        status: 'ok',
        database: 'ok',
        identityProvider: 'ok',
        claves: { estado: 'vigentes', obtenidas: expect.any(String), validasHasta: expect.any(String) },
        version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      },
    });
  });

  it('keeps answering 200 while the identity provider is down and its keys are still trusted, and says so', async () => {
    const token = (await idp.tokensFor('gestor')).access_token;
    await idp.close();
    idpClosed = true;
    const response = await health();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      data: { status: 'degraded', database: 'ok', identityProvider: 'error', claves: { estado: 'vigentes' } },
    });
    const session = await testApp.app.inject({
      method: 'GET',
      url: '/api/session/get',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(session.statusCode).toBe(200);
  });

  it('answers 503 degraded when the identity provider is down and no keys were ever fetched', async () => {
    const fresh = await createTestApp({ issuer: idp.issuer });
    try {
      const response = await fresh.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        success: false,
        msg: 'Servicio degradado: no responde el proveedor de identidad.',
        data: { status: 'degraded', database: 'ok', identityProvider: 'error', claves: { estado: 'sin_claves' } },
      });
    } finally {
      await fresh.close();
    }
  });

  it('reports the database too when it is gone', async () => {
    await testApp.database!.drop();
    const response = await health();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      msg: 'Servicio degradado: no responde la base de datos ni el proveedor de identidad.',
      data: { status: 'degraded', database: 'error', identityProvider: 'error' },
    });
  });
});
