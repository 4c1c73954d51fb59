// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApiServer, type TestApiServer } from './test-api-server';

/** The fake answers only what the API's contract allows (decision 0392). */
describe('the test API server', () => {
  let server: TestApiServer;
  beforeAll(async () => {
    server = await startTestApiServer();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.routes.clear();
    server.contractViolations.length = 0;
  });
  const get = (path: string) => fetch(`${server.baseURL}${path}`);
  const tipo = { id: 1, nombre: 'Solicitud', activo: true };

  it('passes an answer the route declares, matching the path template', async () => {
    server.routes.set('GET /api/catalogos/tipos-expediente', () => ({ body: { success: true, data: [tipo] } }));
    server.routes.set('GET /api/expedientes/7/historial', () => undefined);
    expect((await get('/catalogos/tipos-expediente')).status).toBe(200);
    // The handler gave nothing: the 404 envelope, which the contract allows.
    expect((await get('/expedientes/7/historial')).status).toBe(404);
    expect(server.contractViolations).toEqual([]);
  });

  it('refuses a route the API does not have, when set and when asked for', async () => {
    expect(() => server.routes.set('GET /api/expedientes/7/inventado', () => ({ body: {} }))).toThrow(
      'La API no tiene la ruta «GET /api/expedientes/7/inventado»',
    );
    await get('/inventado');
    expect(server.contractViolations).toEqual([
      'GET /api/inventado: la API no tiene esta ruta (packages/contracts/openapi.json)',
    ]);
  });

  it('records a body of the wrong shape with its route, status and what is wrong', async () => {
    server.routes.set('GET /api/catalogos/tipos-expediente', () => ({
      body: { success: true, data: [{ ...tipo, id: '1', color: 'azul' }] },
    }));
    await get('/catalogos/tipos-expediente');
    expect(server.contractViolations).toEqual([
      'GET /api/catalogos/tipos-expediente (GET /api/catalogos/tipos-expediente) 200: ' +
        '/data/0 must NOT have additional properties («color»); /data/0/id must be integer',
    ]);
  });

  it('holds every error to the error envelope, and a success status to the ones the route declares', async () => {
    server.routes.set('GET /api/expedientes/7', () => ({ status: 500, body: { error: 'boom' } }));
    server.routes.set('GET /api/catalogos/unidades', () => ({ status: 503, body: { success: false, msg: 'Ocupado' } }));
    server.routes.set('GET /api/catalogos/tipos-expediente', () => ({
      status: 201,
      body: { success: true, data: [] },
    }));
    await get('/expedientes/7');
    await get('/catalogos/unidades');
    await get('/catalogos/tipos-expediente');
    expect(server.contractViolations).toHaveLength(2);
    expect(server.contractViolations[0]).toMatch(/^GET \/api\/expedientes\/7 \(GET \/api\/expedientes\/\{id\}\) 500: /);
    expect(server.contractViolations[0]).toContain("must have required property 'success'");
    expect(server.contractViolations[1]).toMatch(/201: la API no responde 201 en esta ruta \(declara 200, /);
  });
});
