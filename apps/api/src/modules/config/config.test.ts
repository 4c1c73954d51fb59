import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { toRuntimeConfig } from './runtime-config';

describe('toRuntimeConfig', () => {
  it('splits the issuer into the Keycloak base URL and the realm', () => {
    expect(toRuntimeConfig(loadConfig({ OIDC_ISSUER: 'https://sso.example.org/auth/realms/archivo' }))).toEqual({
      keycloakUrl: 'https://sso.example.org/auth',
      realm: 'archivo',
      clientId: 'ecodigital-web',
      productName: 'EcoDigital',
      maxUploadMb: 100,
    });
  });

  it('tells the web app the upload limit, so it can flag big files before sending', () => {
    expect(toRuntimeConfig(loadConfig({ MAX_UPLOAD_MB: '25' })).maxUploadMb).toBe(25);
  });

  it('prefers the browser-facing URL when the issuer is internal', () => {
    const config = loadConfig({
      OIDC_ISSUER: 'http://keycloak:8080/realms/ecodigital',
      OIDC_PUBLIC_URL: 'https://sso.example.org',
    });
    expect(toRuntimeConfig(config).keycloakUrl).toBe('https://sso.example.org');
  });

  it('refuses an issuer without /realms/<realm>', () => {
    expect(() => toRuntimeConfig(loadConfig({ OIDC_ISSUER: 'https://login.example.org' }))).toThrow(/realms/);
  });
});

describe('GET /api/config', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    testApp = await createTestApp({ issuer: 'http://127.0.0.1:9/realms/ecodigital' });
    app = testApp.app;
  });
  afterAll(() => testApp.close());

  it('answers the runtime configuration without a token', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: {
        keycloakUrl: 'http://127.0.0.1:9',
        realm: 'ecodigital',
        clientId: 'ecodigital-web',
        productName: 'EcoDigital',
        maxUploadMb: 100,
      },
    });
  });
});
