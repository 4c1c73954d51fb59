import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { JWK } from 'jose';
import { startIdp } from '@ecodigital/idp/app';
import { signIn } from '@ecodigital/idp/test-client';
import type { DemoUsername } from './api-client';

export interface TestIdp {
  issuer: string;
  /** The IdP's own private signing key, to forge tokens with wrong claims. */
  signingKey: () => Promise<JWK & { kid: string }>;
  tokensFor(username: DemoUsername): Promise<{ access_token: string; id_token?: string }>;
  close(): Promise<void>;
}

/** The real development identity provider on a free port, with its keys in a scratch directory. */
export async function startTestIdp(): Promise<TestIdp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ecodigital-idp-'));
  const idp = await startIdp({ port: 0, dataDir });
  return {
    issuer: idp.issuer,
    async signingKey() {
      const jwks = JSON.parse(await readFile(path.join(dataDir, 'jwks.json'), 'utf8')) as {
        keys: (JWK & { kid: string })[];
      };
      const key = jwks.keys.find((candidate) => candidate.kty === 'RSA') ?? jwks.keys[0];
      if (!key) throw new Error('jwks.json sin claves');
      return key;
    },
    tokensFor: (username) => signIn({ issuer: idp.issuer, username, password: username }),
    async close() {
      await idp.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
