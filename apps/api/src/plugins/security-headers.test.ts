import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('security headers (helmet) and caching', () => {
  let webDistDir: string;
  let testApp: TestApp;

  beforeAll(async () => {
    webDistDir = await mkdtemp(path.join(tmpdir(), 'ecodigital-web-'));
    await mkdir(path.join(webDistDir, 'assets'));
    await writeFile(path.join(webDistDir, 'index.html'), '<!doctype html><title>EcoDigital</title>');
    await writeFile(path.join(webDistDir, 'assets', 'app-123.js'), 'export {};');
    testApp = await createTestApp({ webDistDir, env: { OIDC_PUBLIC_URL: 'https://sso.ejemplo.es' } });
  });
  afterAll(async () => {
    await testApp?.close();
    await rm(webDistDir, { recursive: true, force: true });
  });

  const get = (url: string, accept = 'text/html') => testApp.app.inject({ method: 'GET', url, headers: { accept } });

  it('gives the web app a CSP with no inline script, that lets it reach only the identity provider', async () => {
    const response = await get('/expedientes/ver/3');
    expect(response.statusCode).toBe(200);
    const csp = response.headers['content-security-policy'] as string;
    const directives = Object.fromEntries(
      csp.split(';').map((directive) => {
        const [name, ...values] = directive.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    expect(directives).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'connect-src': "'self' https://sso.ejemplo.es",
      'frame-ancestors': "'none'",
      'object-src': "'none'",
    });
    expect(response.headers).toMatchObject({
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps hashed assets immutable, and sends nosniff with them', async () => {
    const response = await get('/assets/app-123.js', '*/*');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    // What only governs a document is not sent with a script: the first load counts every byte.
    for (const nombre of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'x-xss-protection'])
      expect(response.headers[nombre], nombre).toBeUndefined();
    const html = await get('/', 'text/html');
    expect(html.headers['content-security-policy']).toContain("script-src 'self'");
    expect(html.headers['x-frame-options']).toBe('DENY');
  });

  it('marks API answers no-store, errors included', async () => {
    for (const url of ['/api/config', '/api/health', '/api/no-existe', '/api/session/get']) {
      const response = await get(url, 'application/json');
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });
});
