import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccessTokenVerifier, InvalidTokenError, KeysUnavailableError } from './access-token';

// The key-rotation behaviour needs control over the published keys, which the dev IdP does not
// offer; a plain HTTP server publishing a JWKS stands in for it. Token claims are tested against
// the real IdP in auth.test.ts.
const ISSUER = 'https://sso.example.org/realms/ecodigital';

async function newKey(kid: string) {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const sign = (claims: Record<string, unknown> = {}) =>
    new SignJWT({
      iat: Math.floor(Date.now() / 1000),
      exp: Math.floor(Date.now() / 1000) + 300,
      azp: 'ecodigital-web',
      typ: 'Bearer',
      realm_access: { roles: ['gestor'] },
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject('persona-1')
      .sign(privateKey);
  return { jwk, sign };
}

describe('access token verifier and the JWKS cache', () => {
  let server: Server;
  let jwksUri: string;
  let published: JWK[] = [];
  let fetches = 0;
  let down = false;

  beforeAll(async () => {
    server = createServer((_request, response) => {
      fetches += 1;
      if (down) {
        response.statusCode = 503;
        response.end();
        return;
      }
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ keys: published }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    jwksUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/certs`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('fetches once, then refetches once when a rotated key appears', async () => {
    const first = await newKey('k1');
    const second = await newKey('k2');
    published = [first.jwk];
    fetches = 0;
    const verify = createAccessTokenVerifier({
      issuer: ISSUER,
      clientId: 'ecodigital-web',
      jwksUri,
      jwksCooldownMs: 0,
    });

    const principal = await verify(await first.sign({ preferred_username: 'gestor', given_name: 'Juan Carlos' }));
    expect(principal).toMatchObject({
      sub: 'persona-1',
      username: 'gestor',
      nombres: 'Juan Carlos',
      roles: ['gestor'],
    });
    await verify(await first.sign());
    expect(fetches).toBe(1);

    published = [first.jwk, second.jwk];
    await verify(await second.sign());
    expect(fetches).toBe(2);
  });

  it('refetches at most once per cooldown for unknown keys', async () => {
    const known = await newKey('conocida');
    const stranger = await newKey('extraña');
    published = [known.jwk];
    fetches = 0;
    const verify = createAccessTokenVerifier({ issuer: ISSUER, clientId: 'ecodigital-web', jwksUri });
    await verify(await known.sign());
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await expect(verify(await stranger.sign())).rejects.toBeInstanceOf(InvalidTokenError);
    }
    expect(fetches).toBe(1);
  });

  it('tells an unreachable key set apart from a bad token', async () => {
    const verify = createAccessTokenVerifier({
      issuer: ISSUER,
      clientId: 'ecodigital-web',
      jwksUri: 'http://127.0.0.1:9/certs',
    });
    const key = await newKey('k');
    await expect(verify(await key.sign())).rejects.toBeInstanceOf(KeysUnavailableError);
    await expect(verify('no.es.token')).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('allows a small clock skew on exp, not more', async () => {
    const key = await newKey('reloj');
    published = [key.jwk];
    const verify = createAccessTokenVerifier({
      issuer: ISSUER,
      clientId: 'ecodigital-web',
      jwksUri,
      jwksCooldownMs: 0,
    });
    const now = Math.floor(Date.now() / 1000);
    await expect(verify(await key.sign({ iat: now - 400, exp: now - 10 }))).resolves.toMatchObject({
      sub: 'persona-1',
    });
    await expect(verify(await key.sign({ iat: now - 400, exp: now - 60 }))).rejects.toBeInstanceOf(InvalidTokenError);
  });

  describe('while the identity provider cannot be reached', () => {
    const MINUTE = 60_000;
    const HOUR = 60 * MINUTE;
    let clock = 0;
    const verifierWithClock = () =>
      createAccessTokenVerifier({
        issuer: ISSUER,
        clientId: 'ecodigital-web',
        jwksUri,
        clock: () => clock,
      });

    it('keeps trusting the last keys past their freshness, for 24 h after the last fetch, then refuses', async () => {
      const key = await newKey('caida');
      published = [key.jwk];
      down = false;
      clock = 0;
      const verify = verifierWithClock();
      await verify(await key.sign());
      expect(verify.keys()).toMatchObject({ estado: 'vigentes', obtenidas: new Date(0).toISOString() });

      down = true;
      clock = 11 * MINUTE; // past the 10 minutes of freshness: jose's cache used to give up here
      await expect(verify(await key.sign())).resolves.toMatchObject({ sub: 'persona-1' });
      // The background refresh fails, whenever it gets its answer on a busy machine.
      await vi.waitFor(() =>
        expect(verify.keys()).toMatchObject({ estado: 'en_cache', validasHasta: new Date(24 * HOUR).toISOString() }),
      );

      clock = 23 * HOUR;
      await expect(verify(await key.sign())).resolves.toMatchObject({ sub: 'persona-1' });

      clock = 24 * HOUR + 1;
      await expect(verify(await key.sign())).rejects.toBeInstanceOf(KeysUnavailableError);
      expect(verify.keys().estado).toBe('sin_claves');

      down = false;
      await expect(verify(await key.sign())).resolves.toMatchObject({ sub: 'persona-1' });
      expect(verify.keys().estado).toBe('vigentes');
    });

    it('does not wait for the provider on each request: one background refresh per cooldown', async () => {
      const key = await newKey('sin-espera');
      published = [key.jwk];
      down = false;
      clock = 0;
      const verify = verifierWithClock();
      await verify(await key.sign());
      down = true;
      fetches = 0;
      clock = 11 * MINUTE;
      for (let i = 0; i < 5; i++) await verify(await key.sign());
      // The one refresh reaches the provider in the background, however long that takes here.
      await vi.waitFor(() => expect(fetches).toBe(1));
      clock += 31_000;
      await verify(await key.sign());
      await vi.waitFor(() => expect(fetches).toBe(2));
    });

    it('still asks for an unknown key once the cooldown is over, and says the provider is down', async () => {
      const known = await newKey('conocida-2');
      const rotated = await newKey('rotada');
      published = [known.jwk];
      down = false;
      clock = 0;
      const verify = verifierWithClock();
      await verify(await known.sign());
      down = true;
      await expect(verify(await rotated.sign())).rejects.toBeInstanceOf(InvalidTokenError);
      clock = 31_000;
      fetches = 0;
      await expect(verify(await rotated.sign())).rejects.toBeInstanceOf(KeysUnavailableError);
      expect(fetches).toBe(1);
      published = [known.jwk, rotated.jwk];
      down = false;
      clock = 62_000;
      await expect(verify(await rotated.sign())).resolves.toMatchObject({ sub: 'persona-1' });
    });
  });

  describe('claims about time and audience', () => {
    const verifier = (extra: Partial<Parameters<typeof createAccessTokenVerifier>[0]> = {}) =>
      createAccessTokenVerifier({ issuer: ISSUER, clientId: 'ecodigital-web', jwksUri, ...extra });

    it('refuses a token issued in the future beyond the clock tolerance', async () => {
      const key = await newKey('futuro');
      published = [key.jwk];
      down = false;
      const verify = verifier();
      const now = Math.floor(Date.now() / 1000);
      await expect(verify(await key.sign({ iat: now + 20, exp: now + 300 }))).resolves.toBeTruthy();
      await expect(verify(await key.sign({ iat: now + 3600, exp: now + 7200 }))).rejects.toThrow(/iat en el futuro/);
    });

    it('refuses a lifetime over the maximum (24 h by default), and a token without iat', async () => {
      const key = await newKey('vida');
      published = [key.jwk];
      down = false;
      const now = Math.floor(Date.now() / 1000);
      const tenYears = await key.sign({ iat: now, exp: now + 10 * 365 * 86_400 });
      await expect(verifier()(tenYears)).rejects.toThrow(/vida del token/);
      await expect(
        verifier({ maxLifetimeSeconds: 600 })(await key.sign({ iat: now, exp: now + 3600 })),
      ).rejects.toThrow(/vida del token/);
      await expect(verifier()(await key.sign({ iat: now, exp: now + 86_400 }))).resolves.toBeTruthy();
      await expect(verifier()(await key.sign({ iat: undefined }))).rejects.toBeInstanceOf(InvalidTokenError);
    });

    it('requires the configured audience when there is one', async () => {
      const key = await newKey('audiencia');
      published = [key.jwk];
      down = false;
      const conAudiencia = verifier({ audience: 'ecodigital-api' });
      await expect(conAudiencia(await key.sign({ aud: ['account', 'ecodigital-api'] }))).resolves.toBeTruthy();
      await expect(conAudiencia(await key.sign({ aud: 'account' }))).rejects.toBeInstanceOf(InvalidTokenError);
      await expect(conAudiencia(await key.sign())).rejects.toBeInstanceOf(InvalidTokenError);
      await expect(verifier()(await key.sign({ aud: 'account' }))).resolves.toBeTruthy();
    });
  });
});
