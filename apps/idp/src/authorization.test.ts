import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createPkce } from './test-client';
import { authorizationUrl, REDIRECT_URI, startTestIdp } from './test-support';

let idp: Awaited<ReturnType<typeof startTestIdp>>;
beforeAll(async () => {
  idp = await startTestIdp();
});
afterAll(() => idp.stop());

/** Errors after the redirect URI is validated go back to the app; the query carries them. */
async function errorRedirect(params: Record<string, string>) {
  const response = await new Browser().request(authorizationUrl(idp.issuer, params));
  const location = response.headers.get('location');
  return { status: response.status, location: location ? new URL(location, idp.url) : undefined };
}

describe('authorization endpoint', () => {
  it('requires PKCE', async () => {
    const { status, location } = await errorRedirect({});
    expect(status).toBe(303);
    expect(location?.href.startsWith(REDIRECT_URI)).toBe(true);
    expect(location?.searchParams.get('error')).toBe('invalid_request');
    expect(location?.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it('refuses the plain PKCE method', async () => {
    const { location } = await errorRedirect({ code_challenge: createPkce().verifier, code_challenge_method: 'plain' });
    expect(location?.href.startsWith(REDIRECT_URI)).toBe(true);
    expect(location?.searchParams.get('error')).toBe('invalid_request');
    expect(location?.searchParams.get('error_description')).toMatch(/code_challenge_method/);
  });

  it('accepts S256 and sends the person to the login page', async () => {
    const { location } = await errorRedirect({ code_challenge: createPkce().challenge, code_challenge_method: 'S256' });
    expect(location?.pathname).toMatch(/^\/realms\/ecodigital\/login-actions\/authenticate\//);
  });

  it.each(['http://localhost:3000/otra', 'http://localhost:3000', 'http://localhost:3001/', 'http://evil.example/'])(
    'rejects the unregistered redirect URI %s without redirecting',
    async (redirectUri) => {
      const response = await fetch(
        authorizationUrl(idp.issuer, {
          redirect_uri: redirectUri,
          code_challenge: createPkce().challenge,
          code_challenge_method: 'S256',
        }),
        { redirect: 'manual' },
      );
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      const html = await response.text();
      expect(html).toContain('No se pudo completar la solicitud');
      expect(html).toContain(
        'La aplicación pidió volver a una dirección que este proveedor de identidad no tiene registrada.',
      );
      expect(html).toContain('redirect_uri');
    },
  );

  it('rejects an unknown client', async () => {
    const response = await fetch(
      authorizationUrl(idp.issuer, {
        client_id: 'otro',
        code_challenge: createPkce().challenge,
        code_challenge_method: 'S256',
      }),
      { redirect: 'manual' },
    );
    expect(response.status).toBe(400);
  });
});
