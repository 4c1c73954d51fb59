import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export type DemoUsername = 'admin' | 'gestor' | 'consulta' | 'tesorera';

export interface ApiClient {
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
}

/** `inject` with a bearer token: the shape of the calls the web client makes. */
export function apiClient(app: FastifyInstance, accessToken: string): ApiClient {
  const send = (method: InjectOptions['method'], url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${accessToken}` },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  return {
    get: (url) => send('GET', url),
    post: (url, payload) => send('POST', url, payload ?? {}),
    patch: (url, payload) => send('PATCH', url, payload ?? {}),
    put: (url, payload) => send('PUT', url, payload ?? {}),
    delete: (url) => send('DELETE', url),
  };
}
