import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app';

function logCollector() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describe('the API frame', () => {
  let testApp: TestApp;
  const logs = logCollector();
  beforeAll(async () => {
    testApp = await createTestApp({ logger: { level: 'info', stream: logs.stream } });
    const { app } = testApp;
    app.get('/api/prueba/explota', async () => {
      throw new Error('contraseña=secreta en la consulta SELECT * FROM usuario');
    });
    app.post(
      '/api/prueba/eco',
      {
        schema: {
          body: Type.Object(
            { asunto: Type.String({ minLength: 1 }), anio: Type.Integer() },
            { additionalProperties: false },
          ),
        },
      },
      async (request) => ({ success: true, data: request.body }),
    );
  });
  afterAll(() => testApp.close());

  it('answers an unknown /api route with the 404 envelope', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/no-existe' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, msg: 'Recurso no encontrado.', code: 'NOT_FOUND' });
  });

  it('answers a 500 with a generic message and logs the details with the request id', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/prueba/explota' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ success: false, msg: 'Error interno del servidor.', code: 'INTERNAL' });
    expect(response.body).not.toMatch(/secreta|SELECT|at /);

    const requestId = response.headers['x-request-id'];
    expect(requestId).toMatch(/^[\w-]{8,}$/);
    const logged = logs.lines.find((line) => line.reqId === requestId && line.level === 50);
    expect(JSON.stringify(logged)).toContain('contraseña=secreta');
  });

  it('keeps a well-formed incoming request id', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/no-existe',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(response.headers['x-request-id']).toBe('abc-123');
    const forged = await testApp.app.inject({
      method: 'GET',
      url: '/api/no-existe',
      headers: { 'x-request-id': 'a b\nc' },
    });
    expect(forged.headers['x-request-id']).not.toBe('a b\nc');
  });

  it.each([
    [{ anio: 2025 }, 'El campo «asunto» es obligatorio.'],
    [{ asunto: '', anio: 2025 }, 'El campo «asunto» no puede estar vacío.'],
    [{ asunto: 'Licencia', anio: 'dos mil' }, 'El campo «anio» debe ser un número entero.'],
    [{ asunto: 'Licencia', anio: 2025, extra: 1 }, 'El campo «extra» no está permitido.'],
  ])('answers invalid input %j with a Spanish 400 naming the field', async (payload, msg) => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/prueba/eco', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, msg, code: 'VALIDATION' });
  });

  it('answers malformed JSON with a Spanish 400', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/prueba/eco',
      headers: { 'content-type': 'application/json' },
      payload: '{"asunto": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, msg: 'La solicitud no es válida.' });
  });

  it('serves the OpenAPI document generated from the route schemas, with bearer security', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.paths['/api/session/get'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(document.paths['/api/session/get'].get.responses)).toEqual(
      expect.arrayContaining(['200', '401', '403']),
    );
    expect(document.paths['/api/health'].get.security).toEqual([]);
    expect(document.paths['/api/config']).toBeDefined();

    const ui = await testApp.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('says how to build the web app when there is no build', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('npm run build');
  });
});

describe('the built web app', () => {
  let testApp: TestApp;
  let distDir: string;
  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'web-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>EcoDigital</title>');
    await writeFile(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    testApp = await createTestApp({ webDistDir: distDir });
  });
  afterAll(async () => {
    await testApp.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('serves index.html at / without caching', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>EcoDigital</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets as immutable', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('falls back to index.html for a page route the browser asks for', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/expedientes/ver/12',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>EcoDigital</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('does not answer a missing asset or an /api route with the page', async () => {
    const asset = await testApp.app.inject({ method: 'GET', url: '/assets/no-existe.js', headers: { accept: '*/*' } });
    expect(asset.statusCode).toBe(404);
    const api = await testApp.app.inject({ method: 'GET', url: '/api/no-existe', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, msg: 'Recurso no encontrado.' });
  });
});

describe('in production', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { NODE_ENV: 'production' }, organizacionDemo: false });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('does not publish the map of every route (/api/docs) unless configured', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json']) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ success: false, msg: 'Recurso no encontrado.' });
    }
    expect((await testApp.app.inject({ method: 'GET', url: '/api/health' })).statusCode).not.toBe(404);
  });
});

describe('in production with API_DOCS_PUBLICA=true', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({
      env: { NODE_ENV: 'production', API_DOCS_PUBLICA: 'true' },
      organizacionDemo: false,
    });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('publishes /api/docs as the operator asked', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
  });
});
