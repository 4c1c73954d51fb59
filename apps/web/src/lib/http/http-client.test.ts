import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApiServer, type TestApiServer } from '../../testing/test-api-server';
import { createHttpClient } from './http-client';
import { isApiError, isCancel } from './http-error';

let server: TestApiServer;
beforeAll(async () => {
  // The client's own behaviour, with routes that exist only here: no contract to hold them to.
  server = await startTestApiServer({ checkContract: false });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.routes.clear();
});

/** jsdom's Blob has no `text()`. */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });
}

const client = () => createHttpClient({ baseURL: server.baseURL, timeout: 0, headers: { Accept: 'application/json' } });

describe('http client over XMLHttpRequest', () => {
  it('sends params, a JSON body and headers, and parses the JSON answer', async () => {
    server.routes.set('PATCH /api/cosas/3', ({ body }) => ({ body: { success: true, data: body } }));
    const response = await client().patch<{ data: unknown }>(
      '/cosas/3',
      { nombre: 'Núñez' },
      { params: { estado: ['a', 'b'] } },
    );
    expect(response.status).toBe(200);
    expect(response.data.data).toEqual({ nombre: 'Núñez' });
    expect(server.requests[0]?.query.getAll('estado')).toEqual(['a', 'b']);
    expect(server.requests[0]?.contentType).toBe('application/json');
  });

  it('sends PUT with a JSON body and DELETE without one', async () => {
    server.routes.set('PUT /api/roles/gestor/permisos', ({ body }) => ({ body: { success: true, data: body } }));
    server.routes.set('DELETE /api/accesos/4', () => ({ body: { success: true, data: 'revocado' } }));
    const put = await client().put<{ data: unknown }>('/roles/gestor/permisos', { permisos: ['expedientes.ver'] });
    expect(put.data.data).toEqual({ permisos: ['expedientes.ver'] });
    const removed = await client().delete<{ data: unknown }>('/accesos/4');
    expect(removed.data.data).toBe('revocado');
    expect(server.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'PUT /api/roles/gestor/permisos',
      'DELETE /api/accesos/4',
    ]);
    expect(server.requests[1]?.rawBody.length).toBe(0);
  });

  it('gives blobs and lower-case response headers', async () => {
    server.routes.set('GET /api/archivo', () => ({
      body: Buffer.from('a;b\n1;2\n'),
      headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="lista.csv"' },
    }));
    const response = await client().get<Blob>('/archivo', { responseType: 'blob' });
    expect(response.data).toBeInstanceOf(Blob);
    expect(await readText(response.data)).toBe('a;b\n1;2\n');
    expect(response.headers['content-disposition']).toBe('attachment; filename="lista.csv"');
  });

  it('rejects outside 2xx with the response, and keeps a body that is not JSON as text', async () => {
    server.routes.set('GET /api/roto', () => ({ status: 502, body: 'Bad Gateway' }));
    const failure = await client()
      .get('/roto')
      .catch((error: unknown) => error);
    expect(isApiError(failure) && failure.response).toMatchObject({ status: 502, data: 'Bad Gateway' });
    expect(isCancel(failure)).toBe(false);
  });

  it('rejects as cancelled when the signal aborts, before or during the request', async () => {
    server.routes.set('GET /api/lento', () => ({ body: { success: true }, delayMs: 5_000 }));
    const controller = new AbortController();
    const pending = client()
      .get('/lento', { signal: controller.signal })
      .catch((error: unknown) => error);
    await expect.poll(() => server.requests.length).toBe(1);
    controller.abort();
    expect(isCancel(await pending)).toBe(true);
    const already = await client()
      .get('/lento', { signal: controller.signal })
      .catch((error: unknown) => error);
    expect(isCancel(already)).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  // jsdom only reports the start of an upload; the browser's real progress is checked in
  // e2e/tests/documentos.e2e.ts.
  it('sends FormData as multipart and hands upload progress events to the caller', async () => {
    server.routes.set('POST /api/subida', () => ({ status: 201, body: { success: true } }));
    const form = new FormData();
    form.append('file', new Blob(['x'.repeat(200_000)]), 'grande.txt');
    const loaded: number[] = [];
    const response = await client().post('/subida', form, { onUploadProgress: (event) => loaded.push(event.loaded) });
    expect(response.status).toBe(201);
    expect(loaded.length).toBeGreaterThan(0);
    expect(server.requests[0]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(server.requests[0]?.rawBody.length).toBeGreaterThan(200_000);
  });

  it('rejects without a response when the server cannot be reached', async () => {
    const unreachable = createHttpClient({ baseURL: 'http://127.0.0.1:9/api', timeout: 0, headers: {} });
    const failure = await unreachable.get('/x').catch((error: unknown) => error);
    expect(isApiError(failure) && failure.code).toBe('ERR_NETWORK');
    expect(isApiError(failure) && failure.response).toBeUndefined();
  });

  it('reads the JSON envelope of an error answer to a blob request, so its msg can be shown', async () => {
    server.routes.set('GET /api/archivo-ausente', () => ({
      status: 404,
      body: { success: false, msg: 'El documento no existe.', code: 'NOT_FOUND' },
    }));
    const error = await client()
      .get('/archivo-ausente', { responseType: 'blob' })
      .catch((reason: unknown) => reason);
    expect(isApiError(error) && error.response?.data).toEqual({
      success: false,
      msg: 'El documento no existe.',
      code: 'NOT_FOUND',
    });
  });

  describe('a 401', () => {
    let token = 'caducado';
    const withToken = (recoverUnauthorized: () => Promise<boolean>, onUnauthorized: () => void) =>
      createHttpClient(
        { baseURL: server.baseURL, timeout: 0, headers: { Accept: 'application/json' } },
        {
          beforeRequest: (config) => {
            config.headers = { ...config.headers, Authorization: `Bearer ${token}` };
          },
          recoverUnauthorized,
          onUnauthorized,
        },
      );
    beforeEach(() => {
      server.routes.set('GET /api/datos', ({ authorization }) =>
        authorization === 'Bearer nuevo'
          ? { body: { success: true, data: 'hola' } }
          : { status: 401, body: { success: false, msg: 'Sesión no válida o expirada.' } },
      );
    });

    it('renews the token once and sends the request again', async () => {
      token = 'caducado';
      let renewals = 0;
      let signIns = 0;
      const api = withToken(
        async () => {
          renewals += 1;
          token = 'nuevo';
          return true;
        },
        () => (signIns += 1),
      );
      const response = await api.get<{ data: string }>('/datos');
      expect(response.data.data).toBe('hola');
      expect(renewals).toBe(1);
      expect(signIns).toBe(0);
      expect(server.requests.map((request) => request.authorization)).toEqual(['Bearer caducado', 'Bearer nuevo']);
    });

    it('starts the sign-in when renewing does not help, without trying again and again', async () => {
      token = 'caducado';
      let renewals = 0;
      let signIns = 0;
      const api = withToken(
        async () => {
          renewals += 1;
          return true;
        },
        () => (signIns += 1),
      );
      const error = await api.get('/datos').catch((reason: unknown) => reason);
      expect(isApiError(error) && error.response?.status).toBe(401);
      expect(renewals).toBe(1);
      expect(signIns).toBe(1);
      expect(server.requests).toHaveLength(2);
    });
  });
});
