import type { Page } from 'playwright-core';
import type { Expediente } from '@ecodigital/contracts/expedientes';

/**
 * Remembers the bearer token of the requests the app itself sends to the API, so a test can call
 * the API as the signed-in person without anything exposed by the product for it.
 */
export function captureBearerToken(page: Page): () => string {
  let token: string | undefined;
  page.on('request', (request) => {
    const authorization = request.headers()['authorization'];
    if (request.url().includes('/api/') && authorization?.startsWith('Bearer '))
      token = authorization.slice('Bearer '.length);
  });
  return () => {
    if (!token) throw new Error('The app has not sent an authorised API request yet');
    return token;
  };
}

export interface PageApiResponse<T = unknown> {
  status: number;
  body: T;
}

/** Calls the API from inside the page (same origin, same cookies) with the given token. */
export function callApi<T = unknown>(
  page: Page,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<PageApiResponse<T>> {
  return page.evaluate(
    async ({ token, method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON: keep the text.
      }
      return { status: response.status, body: parsed as T };
    },
    { token, method, path, body },
  );
}

/** Set-up, not the subject of a test: an expediente of tipo `idTipo` in the first unidad the person may create in. */
export async function crearExpediente(page: Page, token: string, asunto: string, idTipo: number): Promise<Expediente> {
  const unidades = await callApi<{ data: { id: number }[] }>(
    page,
    token,
    'GET',
    '/api/catalogos/unidades?ambito=creacion',
  );
  const creado = await callApi<{ data: Expediente }>(page, token, 'POST', '/api/expedientes', {
    asunto,
    id_tipo: idTipo,
    id_unidad: unidades.body.data[0]!.id,
  });
  if (creado.status !== 201)
    throw new Error(`POST /api/expedientes → ${creado.status}: ${JSON.stringify(creado.body)}`);
  return creado.body.data;
}
