import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiErrorMessage, createApiClient, errorCodeOf } from './api-client';
import { connectToastRenderer, type ResolvedToast } from './toast';

// A real HTTP server answering like the API, so the whole client runs over jsdom's XMLHttpRequest
// (status handling, JSON parsing, hooks). jsdom enforces CORS like a browser.
const answers: Record<string, { status: number; body: unknown }> = {
  '/api/escritura': { status: 201, body: { success: true, msg: 'Expediente creado', data: { id: 1 } } },
  '/api/lectura': { status: 200, body: { success: true, data: [1, 2] } },
  '/api/prohibido': { status: 403, body: { success: false, msg: 'No tiene permiso' } },
  '/api/conflicto': { status: 409, body: { success: false, msg: 'Modificado por otro', code: 'VERSION_CONFLICT' } },
  '/api/roto': { status: 500, body: 'Internal Server Error' },
};
const seenAuthorization: Array<string | undefined> = [];
let server: Server;
let baseURL: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': 'Accept, Authorization, Content-Type',
      });
      return void response.end();
    }
    seenAuthorization.push(request.headers.authorization);
    const answer = answers[request.url ?? ''] ?? { status: 404, body: { success: false, msg: 'No encontrado' } };
    const isJson = typeof answer.body !== 'string';
    response.writeHead(answer.status, {
      'Content-Type': isJson ? 'application/json' : 'text/plain',
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': 'Accept, Authorization, Content-Type',
    });
    response.end(isJson ? JSON.stringify(answer.body) : answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let shown: ResolvedToast[];
let disconnect: () => void;
beforeEach(() => {
  shown = [];
  seenAuthorization.length = 0;
  disconnect = connectToastRenderer({ show: (toast) => shown.push(toast), remove: () => {} });
});
afterEach(() => disconnect());

function client(token?: string) {
  const instance = createApiClient({ getAccessToken: async () => token });
  instance.defaults.baseURL = baseURL;
  return instance;
}

describe('api client toasts', () => {
  it('shows "Éxito" with the msg of a successful write, for 6 s', async () => {
    const response = await client().post<{ data: unknown }>('/escritura', {});
    expect(response.data.data).toEqual({ id: 1 });
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ severity: 'success', summary: 'Éxito', detail: 'Expediente creado', life: 6000 });
  });

  it('shows nothing for a successful read without msg', async () => {
    await client().get('/lectura');
    expect(shown).toEqual([]);
  });

  it('shows "Error" with the server msg and still rejects to the caller', async () => {
    const failure = client().get('/prohibido');
    await expect(failure).rejects.toMatchObject({ response: { status: 403 } });
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ severity: 'error', summary: 'Error', detail: 'No tiene permiso', life: 6000 });
  });

  it('falls back to "Error general" when the failure carries no msg', async () => {
    await expect(client().get('/roto')).rejects.toMatchObject({ response: { status: 500 } });
    expect(shown.map((toast) => toast.detail)).toEqual(['Error general']);
  });

  it('says «Sin conexión», not «Error general», when the server cannot be reached (refused connection)', async () => {
    const unreachable = createApiClient({ getAccessToken: async () => undefined });
    unreachable.defaults.baseURL = 'http://127.0.0.1:9/api';
    const failure = unreachable.post('/escritura', {});
    await expect(failure).rejects.toBeTruthy();
    expect(apiErrorMessage(await failure.catch((error: unknown) => error))).toBe(
      'Sin conexión. No se pudo contactar con el servidor. Compruebe la conexión y vuelva a intentarlo.',
    );
    expect(shown).toMatchObject([
      {
        severity: 'error',
        summary: 'Sin conexión',
        detail: 'No se pudo contactar con el servidor. Compruebe la conexión y vuelva a intentarlo.',
      },
    ]);
  });

  it('respects the per-request opt-out, for success and failure alike', async () => {
    await client().post('/escritura', {}, { silent: true });
    await expect(client().get('/prohibido', { silent: true })).rejects.toBeTruthy();
    expect(shown).toEqual([]);
  });

  it('leaves to the caller only the error codes it handles itself', async () => {
    const handled = { handledErrorCodes: ['VERSION_CONFLICT'] };
    const conflicto = await client()
      .post('/conflicto', {}, handled)
      .catch((error: unknown) => error);
    expect(errorCodeOf(conflicto)).toBe('VERSION_CONFLICT');
    expect(shown).toEqual([]);
    await expect(client().get('/prohibido', handled)).rejects.toBeTruthy();
    await client().post('/escritura', {}, handled);
    expect(shown).toMatchObject([
      { severity: 'error', detail: 'No tiene permiso' },
      { severity: 'success', detail: 'Expediente creado' },
    ]);
  });
});

describe('api client authorization', () => {
  it('sends the bearer token when one exists and nothing otherwise', async () => {
    await client('abc.def.ghi').get('/lectura');
    await client().get('/lectura');
    expect(seenAuthorization).toEqual(['Bearer abc.def.ghi', undefined]);
  });

  it('has no timeout and the /api base', () => {
    const instance = createApiClient({ getAccessToken: async () => undefined });
    expect(instance.defaults.timeout).toBe(0);
    expect(instance.defaults.baseURL).toBe('/api');
  });
});
