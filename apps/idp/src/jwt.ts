import { createHmac, createVerify, timingSafeEqual, type KeyObject } from 'node:crypto';

export type JwtPayload = Record<string, unknown>;

export interface JwtHeader {
  alg: string;
  typ?: string;
  kid?: string;
}

function encodeJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decodeJson(part: string): unknown {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function decodeJwt(token: string): {
  header: JwtHeader;
  payload: JwtPayload;
  signingInput: string;
  signature: Buffer;
} {
  const parts = token.split('.');
  if (parts.length !== 3) throw new Error('not a compact JWS');
  const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
  const header = decodeJson(headerPart);
  const payload = decodeJson(payloadPart);
  if (!isObject(header) || typeof header.alg !== 'string' || !isObject(payload)) throw new Error('malformed JWT');
  return {
    header: header as unknown as JwtHeader,
    payload,
    signingInput: `${headerPart}.${payloadPart}`,
    signature: Buffer.from(signaturePart, 'base64url'),
  };
}

export function signHs256(payload: JwtPayload, secret: Buffer, typ = 'JWT'): string {
  const signingInput = `${encodeJson({ alg: 'HS256', typ })}.${encodeJson(payload)}`;
  const signature = createHmac('sha256', secret).update(signingInput).digest('base64url');
  return `${signingInput}.${signature}`;
}

/** Returns the payload when the HS256 signature is valid and `exp` has not passed; throws otherwise. */
export function verifyHs256(token: string, secret: Buffer, now = Math.floor(Date.now() / 1000)): JwtPayload {
  const { header, payload, signingInput, signature } = decodeJwt(token);
  if (header.alg !== 'HS256') throw new Error('unexpected algorithm');
  const expected = createHmac('sha256', secret).update(signingInput).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) throw new Error('bad signature');
  assertNotExpired(payload, now);
  return payload;
}

/** Verifies an RS256 JWT against public keys by `kid` and checks `exp`; returns header and payload. */
export function verifyRs256(
  token: string,
  publicKeys: ReadonlyMap<string, KeyObject>,
  now = Math.floor(Date.now() / 1000),
): { header: JwtHeader; payload: JwtPayload } {
  const { header, payload, signingInput, signature } = decodeJwt(token);
  if (header.alg !== 'RS256') throw new Error('unexpected algorithm');
  const key = header.kid === undefined ? undefined : publicKeys.get(header.kid);
  if (!key) throw new Error('unknown key');
  const valid = createVerify('RSA-SHA256').update(signingInput).verify(key, signature);
  if (!valid) throw new Error('bad signature');
  assertNotExpired(payload, now);
  return { header, payload };
}

function assertNotExpired(payload: JwtPayload, now: number): void {
  if (typeof payload.exp !== 'number' || payload.exp <= now) throw new Error('expired');
}
