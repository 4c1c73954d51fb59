import { createPublicKey, createVerify } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startIdp, type IdpOptions, type RunningIdp } from './app';

export const APP_ORIGIN = 'http://localhost:3000';
export const REDIRECT_URI = `${APP_ORIGIN}/`;

/** An IdP on a free port with its own temporary data directory. */
export async function startTestIdp(
  options: IdpOptions = {},
): Promise<RunningIdp & { dataDir: string; stop(): Promise<void> }> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'idp-test-'));
  const idp = await startIdp({ port: 0, ...options, dataDir });
  return {
    ...idp,
    dataDir,
    async stop() {
      await idp.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function decodePart(token: string, index: 0 | 1): Record<string, unknown> {
  const part = token.split('.')[index];
  if (part === undefined) throw new Error('not a JWT');
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Independent RS256 check against the published JWKS (not through the app's own JWT code). */
export async function verifiesAgainstJwks(token: string, issuer: string): Promise<boolean> {
  const { kid } = decodePart(token, 0);
  const response = await fetch(`${issuer}/protocol/openid-connect/certs`);
  const { keys } = (await response.json()) as { keys: Array<{ kid: string; d?: string }> };
  const jwk = keys.find((key) => key.kid === kid);
  if (!jwk) return false;
  if (jwk.d !== undefined) throw new Error('private key material published');
  const [header, payload, signature = ''] = token.split('.');
  return createVerify('RSA-SHA256')
    .update(`${header}.${payload}`)
    .verify(createPublicKey({ key: jwk, format: 'jwk' }), Buffer.from(signature, 'base64url'));
}

export function authorizationUrl(issuer: string, params: Record<string, string>): URL {
  const url = new URL(`${issuer}/protocol/openid-connect/auth`);
  url.search = new URLSearchParams({
    client_id: 'ecodigital-web',
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'openid',
    state: 'estado-de-prueba',
    ...params,
  }).toString();
  return url;
}
