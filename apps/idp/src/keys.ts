import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface SigningJwk extends JsonWebKey {
  kid: string;
  alg: 'RS256';
  use: 'sig';
}

export interface IdpKeys {
  /** Private JWKS handed to oidc-provider (`jwks` option); also what `<dataDir>/jwks.json` holds. */
  jwks: { keys: SigningJwk[] };
  /** Public keys by `kid`, to verify the access tokens this IdP issued. */
  publicKeys: Map<string, KeyObject>;
  cookieKeys: string[];
  /** HMAC secret for the JWT wrapper of refresh tokens; never in the JWKS, so a refresh token can never pass as an access token. */
  refreshTokenSecret: Buffer;
}

interface StoredSecrets {
  cookieKeys: string[];
  refreshTokenSecret: string;
}

/** RFC 7638 thumbprint: members e, kty, n in lexicographic order. */
function thumbprint(jwk: JsonWebKey): string {
  const canonical = JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n });
  return createHash('sha256').update(canonical).digest('base64url');
}

function createSigningJwk(): SigningJwk {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  return { ...jwk, kid: thumbprint(jwk), alg: 'RS256', use: 'sig' };
}

function readOrCreate<T>(path: string, create: () => T): T {
  if (existsSync(path)) return JSON.parse(readFileSync(path, 'utf8')) as T;
  const value = create();
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  return value;
}

/** Keys live in the data directory so a restart neither invalidates tokens nor signs anyone out. */
export function loadOrCreateKeys(dataDir: string): IdpKeys {
  mkdirSync(dataDir, { recursive: true });
  const jwks = readOrCreate(join(dataDir, 'jwks.json'), () => ({ keys: [createSigningJwk()] }));
  const secrets = readOrCreate<StoredSecrets>(join(dataDir, 'secrets.json'), () => ({
    cookieKeys: [randomBytes(32).toString('base64url')],
    refreshTokenSecret: randomBytes(32).toString('base64url'),
  }));

  if (!Array.isArray(jwks.keys) || jwks.keys.length === 0) {
    throw new Error(`${join(dataDir, 'jwks.json')} has no keys; delete it to create a new one`);
  }
  const publicKeys = new Map(
    jwks.keys.map((jwk) => [jwk.kid, createPublicKey(createPrivateKey({ key: jwk, format: 'jwk' }))] as const),
  );

  return {
    jwks,
    publicKeys,
    cookieKeys: secrets.cookieKeys,
    refreshTokenSecret: Buffer.from(secrets.refreshTokenSecret, 'base64url'),
  };
}
