import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Usuario } from '@ecodigital/contracts/session';
import { api } from '../lib/api-client';
import { installBrowserShims, signedInSession } from './render-app';
import { startTestApiServer, type TestApiServer } from './test-api-server';

/**
 * Points the product's own API client at a local HTTP server for the tests of one file, and
 * forgets the previous test's routes and requests before each test. Returns the running server.
 * A test whose fake answered what the real API never would (or was asked for a route it does not
 * have) fails after it, with the route, the status and the schema's complaints (decision 0392).
 */
export function setUpTestApiServer(): () => TestApiServer {
  let server: TestApiServer | undefined;
  let originalBaseURL = '';
  beforeAll(async () => {
    installBrowserShims();
    server = await startTestApiServer();
    originalBaseURL = api.defaults.baseURL;
    api.defaults.baseURL = server.baseURL;
  });
  afterAll(async () => {
    api.defaults.baseURL = originalBaseURL;
    await server?.close();
  });
  beforeEach(() => {
    server!.requests.length = 0;
    server!.routes.clear();
    server!.contractViolations.length = 0;
  });
  afterEach(() => {
    const violations = server!.contractViolations.splice(0);
    if (violations.length > 0) {
      throw new Error(
        `El falso de la API respondió lo que la API real nunca responde (packages/contracts/openapi.json):\n- ${[
          ...new Set(violations),
        ].join('\n- ')}`,
      );
    }
  });
  return () => server!;
}

const GESTOR_DEMO: Usuario = {
  id_usuario: 2,
  sub: 's',
  username: 'gestor',
  nombres: 'Juan Carlos',
  apellidos: 'Pérez Ruiz',
  email: null,
  roles: [],
};

/** The session the next `renderWithApp` starts with, as a sign-in would load it, with the given permisos. */
export function signInWith(permisos: string[], usuario: Partial<Usuario> = {}): void {
  signedInSession.current = { usuario: { ...GESTOR_DEMO, ...usuario }, permisos, menu: [] };
}
