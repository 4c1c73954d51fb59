import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, signIn, type TokenResponse } from './test-client';
import { APP_ORIGIN, decodePart, startTestIdp, verifiesAgainstJwks } from './test-support';

const ACCESS_TOKEN_TTL = 120;
let idp: Awaited<ReturnType<typeof startTestIdp>>;
let tokens: TokenResponse;

beforeAll(async () => {
  idp = await startTestIdp({ accessTokenTtl: ACCESS_TOKEN_TTL });
  tokens = await signIn({ issuer: idp.issuer, username: 'admin', password: 'admin' });
});
afterAll(() => idp.stop());

function tokenEndpoint() {
  return `${idp.issuer}/protocol/openid-connect/token`;
}

describe('access token', () => {
  it('is an RS256 JWT signed with a published key, carrying Keycloak claims', async () => {
    const header = decodePart(tokens.access_token, 0);
    const payload = decodePart(tokens.access_token, 1);
    expect(header).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    expect(typeof header.kid).toBe('string');
    expect(await verifiesAgainstJwks(tokens.access_token, idp.issuer)).toBe(true);

    expect(payload).toMatchObject({
      iss: idp.issuer,
      sub: '6f1c2b1e-3a52-4f1d-9b8e-0a1d5c7e2f01',
      typ: 'Bearer',
      azp: 'ecodigital-web',
      preferred_username: 'admin',
      given_name: 'María José',
      family_name: 'García López',
      name: 'María José García López',
      email: 'admin@ecodigital.local',
      email_verified: true,
      realm_access: { roles: ['administrador'] },
    });
    expect(typeof payload.sid).toBe('string');
    expect(String(payload.scope).split(' ')).toEqual(expect.arrayContaining(['openid', 'profile', 'email']));
    expect(payload.exp).toBe(Number(payload.iat) + ACCESS_TOKEN_TTL);
    expect(tokens.expires_in).toBe(ACCESS_TOKEN_TTL);
    expect(tokens.token_type).toBe('Bearer');
  });

  it('differs from the ID token, which says typ ID like Keycloak', async () => {
    const header = decodePart(tokens.id_token, 0);
    const payload = decodePart(tokens.id_token, 1);
    expect(header.typ).not.toBe('at+jwt');
    expect(payload).toMatchObject({
      typ: 'ID',
      aud: 'ecodigital-web',
      azp: 'ecodigital-web',
      preferred_username: 'admin',
    });
    expect(payload.sid).toBe(decodePart(tokens.access_token, 1).sid);
    expect(await verifiesAgainstJwks(tokens.id_token, idp.issuer)).toBe(true);
  });

  it('carries each demo user its own role', async () => {
    const gestor = await signIn({ issuer: idp.issuer, username: 'gestor', password: 'gestor' });
    expect(decodePart(gestor.access_token, 1)).toMatchObject({
      preferred_username: 'gestor',
      realm_access: { roles: ['gestor'] },
    });
  });
});

describe('refresh token', () => {
  it('decodes like keycloak-js does (base64url JSON with exp) and is not an access token', () => {
    const [, payloadPart] = tokens.refresh_token.split('.');
    const payload = JSON.parse(Buffer.from(payloadPart!, 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(payload).toMatchObject({ typ: 'Refresh', azp: 'ecodigital-web', iss: idp.issuer });
    expect(payload.exp).toBeGreaterThan(Math.floor(Date.now() / 1000) + ACCESS_TOKEN_TTL);
    expect(payload.sid).toBe(decodePart(tokens.access_token, 1).sid);
    expect(decodePart(tokens.refresh_token, 0).alg).toBe('HS256');
  });

  it('gets a new JWT access token and a new JWT refresh token', async () => {
    const first = await signIn({ issuer: idp.issuer, username: 'consulta', password: 'consulta' });
    const refreshed = await refreshTokens({ issuer: idp.issuer, refreshToken: first.refresh_token });
    expect(refreshed.access_token).not.toBe(first.access_token);
    expect(decodePart(refreshed.access_token, 0)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    expect(decodePart(refreshed.access_token, 1)).toMatchObject({
      typ: 'Bearer',
      preferred_username: 'consulta',
      realm_access: { roles: ['consulta'] },
      sid: decodePart(first.access_token, 1).sid,
    });
    expect(refreshed.expires_in).toBe(ACCESS_TOKEN_TTL);
    expect(decodePart(refreshed.refresh_token, 1).typ).toBe('Refresh');
    expect(refreshed.id_token).toBeTruthy();

    // Rotation: the new refresh token works again; the used one is spent.
    const again = await refreshTokens({ issuer: idp.issuer, refreshToken: refreshed.refresh_token });
    expect(again.access_token).toBeTruthy();
  });

  it('refuses a tampered refresh token', async () => {
    const session = await signIn({ issuer: idp.issuer, username: 'gestor', password: 'gestor' });
    const [header, payloadPart, signature] = session.refresh_token.split('.');
    const payload = JSON.parse(Buffer.from(payloadPart!, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...payload, exp: Number(payload.exp) + 3600 })).toString('base64url')}.${signature}`;
    await expect(refreshTokens({ issuer: idp.issuer, refreshToken: forged })).rejects.toThrow(/HTTP 400 invalid_grant/);
    await expect(refreshTokens({ issuer: idp.issuer, refreshToken: String(payload.jti) })).rejects.toThrow(
      /HTTP 400 invalid_grant/,
    );
    // The genuine one still works.
    await expect(refreshTokens({ issuer: idp.issuer, refreshToken: session.refresh_token })).resolves.toHaveProperty(
      'access_token',
    );
  });
});

describe('CORS on the token endpoint', () => {
  async function tokenRequest(origin: string) {
    return fetch(tokenEndpoint(), {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x', client_id: 'ecodigital-web' }),
    });
  }

  it('allows the app origin with credentials', async () => {
    const preflight = await fetch(tokenEndpoint(), {
      method: 'OPTIONS',
      headers: {
        Origin: APP_ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');

    const response = await tokenRequest(APP_ORIGIN);
    expect(response.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('gives another origin no CORS headers', async () => {
    const preflight = await fetch(tokenEndpoint(), {
      method: 'OPTIONS',
      headers: { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();

    const response = await tokenRequest('http://evil.example');
    expect(response.status).toBe(400);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('userinfo and account', () => {
  const userinfo = () => `${idp.issuer}/protocol/openid-connect/userinfo`;
  const account = () => `${idp.issuer}/account`;

  it('userinfo answers for the JWT access token', async () => {
    const response = await fetch(userinfo(), {
      headers: { Authorization: `Bearer ${tokens.access_token}`, Origin: APP_ORIGIN },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(await response.json()).toMatchObject({
      sub: '6f1c2b1e-3a52-4f1d-9b8e-0a1d5c7e2f01',
      preferred_username: 'admin',
      given_name: 'María José',
      family_name: 'García López',
      email: 'admin@ecodigital.local',
    });
  });

  it('userinfo refuses an ID token, a refresh token, a tampered token and no token', async () => {
    const [header, payload] = tokens.access_token.split('.');
    const tampered = `${header}.${payload}.${Buffer.from('firma falsa').toString('base64url')}`;
    for (const token of [tokens.id_token, tokens.refresh_token, tampered]) {
      const response = await fetch(userinfo(), { headers: { Authorization: `Bearer ${token}` } });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/invalid_token/);
    }
    expect((await fetch(userinfo())).status).toBe(401);
  });

  it('account answers the profile as JSON, as loadUserProfile() expects', async () => {
    const preflight = await fetch(account(), {
      method: 'OPTIONS',
      headers: {
        Origin: APP_ORIGIN,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization');

    const response = await fetch(account(), {
      headers: { Authorization: `bearer ${tokens.access_token}`, Accept: 'application/json', Origin: APP_ORIGIN },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(await response.json()).toEqual({
      id: '6f1c2b1e-3a52-4f1d-9b8e-0a1d5c7e2f01',
      username: 'admin',
      firstName: 'María José',
      lastName: 'García López',
      email: 'admin@ecodigital.local',
      emailVerified: true,
    });
  });

  it('account refuses JSON without a valid token and gives other origins no CORS', async () => {
    expect((await fetch(account(), { headers: { Accept: 'application/json' } })).status).toBe(401);
    const other = await fetch(account(), {
      headers: {
        Authorization: `bearer ${tokens.access_token}`,
        Accept: 'application/json',
        Origin: 'http://evil.example',
      },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('account opened in a browser without a session says to sign in, in Spanish', async () => {
    const response = await fetch(account(), { headers: { Accept: 'text/html' } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('No ha iniciado sesión');
  });
});
