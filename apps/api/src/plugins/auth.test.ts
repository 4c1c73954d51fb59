import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestStack } from '../testing/test-stack';
import { hmacWithPublicKey, resign, signWithUnknownKey, unsecuredToken } from '../testing/forge-token';
import { requirePermiso } from '../shared/caller/permisos';

const UNAUTHORIZED = {
  success: false,
  msg: 'Sesión no válida o expirada. Inicie sesión de nuevo.',
  code: 'UNAUTHORIZED',
};

describe('bearer token verification (real dev IdP)', () => {
  const stack = useTestStack();
  let adminTokens: { access_token: string; id_token?: string };
  let consultaToken: string;
  const now = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    await stack.app().register(
      async (scope) => {
        scope.addHook('onRequest', scope.authenticate);
        scope.get('/subir', { preHandler: requirePermiso('documentos.subir') }, async () => ({
          success: true,
          data: 'subido',
        }));
      },
      { prefix: '/api/prueba' },
    );
    adminTokens = await stack.idp().tokensFor('admin');
    consultaToken = (await stack.idp().tokensFor('consulta')).access_token;
  });

  const getSession = (authorization?: string) =>
    stack.app().inject({
      method: 'GET',
      url: '/api/session/get',
      headers: authorization === undefined ? {} : { authorization },
    });

  async function expectUnauthorized(authorization?: string) {
    const response = await getSession(authorization);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHORIZED);
    expect(response.headers['www-authenticate']).toBe('Bearer');
  }

  it('accepts the real access token', async () => {
    const response = await getSession(`Bearer ${adminTokens.access_token}`);
    expect(response.statusCode).toBe(200);
  });

  it('accepts the real claims re-signed with the real key (so the forged cases below fail only for their flaw)', async () => {
    const key = await stack.idp().signingKey();
    const response = await getSession(`Bearer ${await resign(adminTokens.access_token, key)}`);
    expect(response.statusCode).toBe(200);
  });

  it('refuses a request without a token', () => expectUnauthorized());
  it('refuses another authorization scheme', () =>
    expectUnauthorized(`Basic ${Buffer.from('admin:admin').toString('base64')}`));
  it('refuses garbage', () => expectUnauthorized('Bearer esto-no-es-un-token'));
  it('refuses a token whose signature was altered', () =>
    expectUnauthorized(`Bearer ${adminTokens.access_token.slice(0, -6)}AAAAAA`));

  it('refuses an expired token (beyond the clock tolerance)', async () => {
    const key = await stack.idp().signingKey();
    const expired = await resign(adminTokens.access_token, key, (payload) => ({
      ...payload,
      iat: now() - 600,
      exp: now() - 120,
    }));
    await expectUnauthorized(`Bearer ${expired}`);
  });

  it('refuses a token not yet valid', async () => {
    const key = await stack.idp().signingKey();
    await expectUnauthorized(
      `Bearer ${await resign(adminTokens.access_token, key, (payload) => ({ ...payload, nbf: now() + 300 }))}`,
    );
  });

  it('refuses a token valid for 10 years, signed by the real key', async () => {
    const key = await stack.idp().signingKey();
    const forever = await resign(adminTokens.access_token, key, (payload) => ({
      ...payload,
      iat: now(),
      exp: now() + 10 * 365 * 86_400,
    }));
    await expectUnauthorized(`Bearer ${forever}`);
  });

  it('refuses a token issued in the future, signed by the real key', async () => {
    const key = await stack.idp().signingKey();
    const future = await resign(adminTokens.access_token, key, (payload) => ({
      ...payload,
      iat: now() + 3600,
      exp: now() + 3900,
    }));
    await expectUnauthorized(`Bearer ${future}`);
  });

  it('refuses a token from another issuer', async () => {
    const key = await stack.idp().signingKey();
    const token = await resign(adminTokens.access_token, key, (payload) => ({
      ...payload,
      iss: 'http://localhost:8080/realms/otro',
    }));
    await expectUnauthorized(`Bearer ${token}`);
  });

  it('refuses a token issued to another client (azp)', async () => {
    const key = await stack.idp().signingKey();
    const token = await resign(adminTokens.access_token, key, (payload) => ({ ...payload, azp: 'otro-cliente' }));
    await expectUnauthorized(`Bearer ${token}`);
  });

  it('refuses alg none', () => expectUnauthorized(`Bearer ${unsecuredToken(adminTokens.access_token)}`));

  it('refuses HS256 keyed with the public key', async () => {
    await expectUnauthorized(`Bearer ${hmacWithPublicKey(adminTokens.access_token, await stack.idp().signingKey())}`);
  });

  it('refuses a key the identity provider never published (unknown kid)', async () => {
    await expectUnauthorized(`Bearer ${await signWithUnknownKey(adminTokens.access_token)}`);
  });

  it('refuses the ID token used as an access token', async () => {
    expect(adminTokens.id_token).toBeTruthy();
    await expectUnauthorized(`Bearer ${adminTokens.id_token}`);
  });

  it('refuses a token marked neither at+jwt nor Bearer', async () => {
    const key = await stack.idp().signingKey();
    const untyped = await resign(adminTokens.access_token, key, ({ typ: _typ, ...payload }) => payload, { typ: 'JWT' });
    await expectUnauthorized(`Bearer ${untyped}`);
    const idTyped = await resign(adminTokens.access_token, key, (payload) => ({ ...payload, typ: 'ID' }));
    await expectUnauthorized(`Bearer ${idTyped}`);
  });

  it('accepts a Keycloak-style token: header typ JWT, payload typ Bearer', async () => {
    const key = await stack.idp().signingKey();
    const keycloakStyle = await resign(adminTokens.access_token, key, (payload) => ({ ...payload, typ: 'Bearer' }), {
      typ: 'JWT',
    });
    expect((await getSession(`Bearer ${keycloakStyle}`)).statusCode).toBe(200);
  });

  it('answers 403 when the caller lacks the route permission, and lets through one who has it', async () => {
    expect(decodeJwt(consultaToken).realm_access).toMatchObject({ roles: expect.arrayContaining(['consulta']) });
    const denied = await stack.app().inject({
      method: 'GET',
      url: '/api/prueba/subir',
      headers: { authorization: `Bearer ${consultaToken}` },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({
      success: false,
      msg: 'No tiene permiso para realizar esta acción.',
      code: 'FORBIDDEN',
    });

    const allowed = await stack.app().inject({
      method: 'GET',
      url: '/api/prueba/subir',
      headers: { authorization: `Bearer ${adminTokens.access_token}` },
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toEqual({ success: true, data: 'subido' });
  });

  it('checks the token before the permission', async () => {
    const response = await stack.app().inject({ method: 'GET', url: '/api/prueba/subir' });
    expect(response.statusCode).toBe(401);
  });
});
