import { createHmac, createPublicKey } from 'node:crypto';
import { base64url, decodeJwt, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';

/** Claims of a real token, re-signed with `key` after `change` — to test one wrong claim at a time. */
export async function resign(
  realToken: string,
  key: JWK & { kid: string },
  change: (payload: JWTPayload) => JWTPayload = (payload) => payload,
  header: { typ?: string; kid?: string } = {},
): Promise<string> {
  const payload = change({ ...decodeJwt(realToken) });
  const privateKey = await importJWK(key, 'RS256');
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'RS256', kid: header.kid ?? key.kid, typ: header.typ ?? 'at+jwt' })
    .sign(privateKey);
}

/** The same claims signed by a key the identity provider never published. */
export async function signWithUnknownKey(realToken: string): Promise<string> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return new SignJWT(decodeJwt(realToken))
    .setProtectedHeader({ alg: 'RS256', kid: 'clave-desconocida', typ: 'at+jwt' })
    .sign(privateKey);
}

export function unsecuredToken(realToken: string): string {
  const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'at+jwt' }));
  const payload = base64url.encode(JSON.stringify(decodeJwt(realToken)));
  return `${header}.${payload}.`;
}

/**
 * Algorithm confusion: HS256 keyed with the public key's PEM, which a verifier that trusts the
 * header's `alg` would accept.
 */
export function hmacWithPublicKey(realToken: string, key: JWK & { kid: string }): string {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = key;
  const pem = createPublicKey({ key: publicJwk, format: 'jwk' }).export({ type: 'spki', format: 'pem' });
  const header = base64url.encode(JSON.stringify({ alg: 'HS256', kid: key.kid, typ: 'at+jwt' }));
  const payload = base64url.encode(JSON.stringify(decodeJwt(realToken)));
  const signature = base64url.encode(createHmac('sha256', pem).update(`${header}.${payload}`).digest());
  return `${header}.${payload}.${signature}`;
}
