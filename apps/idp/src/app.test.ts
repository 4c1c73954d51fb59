import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from './test-client';
import { decodePart, startTestIdp, verifiesAgainstJwks } from './test-support';

describe('discovery', () => {
  it('publishes Keycloak paths under the realm issuer', async () => {
    const idp = await startTestIdp();
    afterAll(() => idp.stop());
    expect(idp.issuer).toBe(`${idp.url}/realms/ecodigital`);
    expect(idp.url).toMatch(/^http:\/\/localhost:\d+$/);

    const response = await fetch(`${idp.issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as Record<string, unknown>;
    const base = `${idp.issuer}/protocol/openid-connect`;
    expect(document).toMatchObject({
      issuer: idp.issuer,
      authorization_endpoint: `${base}/auth`,
      token_endpoint: `${base}/token`,
      userinfo_endpoint: `${base}/userinfo`,
      jwks_uri: `${base}/certs`,
      end_session_endpoint: `${base}/logout`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
    });

    const certs = (await (await fetch(`${base}/certs`)).json()) as { keys: Array<Record<string, unknown>> };
    expect(certs.keys).toHaveLength(1);
    expect(certs.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(certs.keys[0]).not.toHaveProperty('d');
  });

  it('uses publicUrl for the issuer when given', async () => {
    const idp = await startTestIdp({ publicUrl: 'https://idp.example.test/' });
    afterAll(() => idp.stop());
    expect(idp.issuer).toBe('https://idp.example.test/realms/ecodigital');
  });
});

describe('signing keys', () => {
  it('persist in <dataDir>/jwks.json, so tokens stay valid and sessions survive a restart', async () => {
    const first = await startTestIdp();
    const tokens = await signIn({ issuer: first.issuer, username: 'admin', password: 'admin' });
    const stored = JSON.parse(readFileSync(join(first.dataDir, 'jwks.json'), 'utf8')) as {
      keys: Array<Record<string, unknown>>;
    };
    expect(stored.keys[0]).toMatchObject({
      kid: decodePart(tokens.access_token, 0).kid,
      alg: 'RS256',
      use: 'sig',
      kty: 'RSA',
    });
    expect(stored.keys[0]).toHaveProperty('d');
    const url = first.url;
    await first.close();

    const second = await startTestIdp({ dataDir: first.dataDir, port: Number(new URL(url).port) });
    try {
      // This process's fetch pools keep-alive connections per origin, and the restarted IdP has the
      // first one's origin: on a loaded machine the pool may still hand out a connection the stopped
      // server closed (undici: «other side closed») before it has read that close. A client of a
      // restarted server asks again on a fresh connection; so does this test, once.
      const soloTrasReinicio = async <T>(pedir: () => Promise<T>): Promise<T> =>
        pedir().catch((error: unknown) => {
          const causa = (error as { cause?: { code?: string } }).cause;
          if (causa?.code !== 'UND_ERR_SOCKET') throw error;
          return pedir();
        });
      expect(await soloTrasReinicio(() => verifiesAgainstJwks(tokens.access_token, second.issuer))).toBe(true);
      const certs = (await (await fetch(`${second.issuer}/protocol/openid-connect/certs`)).json()) as {
        keys: Array<{ kid: string }>;
      };
      expect(certs.keys.map((key) => key.kid)).toEqual([decodePart(tokens.access_token, 0).kid]);
      const { refreshTokens } = await import('./test-client');
      const refreshed = await refreshTokens({ issuer: second.issuer, refreshToken: tokens.refresh_token });
      expect(decodePart(refreshed.access_token, 1).preferred_username).toBe('admin');
    } finally {
      await second.stop();
    }
  });

  it('differ between data directories', async () => {
    const a = await startTestIdp();
    const b = await startTestIdp();
    try {
      const kid = async (issuer: string) =>
        ((await (await fetch(`${issuer}/protocol/openid-connect/certs`)).json()) as { keys: Array<{ kid: string }> })
          .keys[0]?.kid;
      expect(await kid(a.issuer)).not.toBe(await kid(b.issuer));
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});
