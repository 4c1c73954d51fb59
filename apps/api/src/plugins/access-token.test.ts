import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  beforeAll(async () => {
    server = createServer((_request, response) => {
      fetches += 1;
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
});
