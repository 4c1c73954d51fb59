import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type AppConfig } from '../config';

/** Defaults for tests: nothing from the developer's environment, no web build. */
export function testConfig(overrides: { databaseUrl?: string; issuer?: string; webDistDir?: string } = {}): AppConfig {
  const scratch = mkdtempSync(path.join(tmpdir(), 'ecodigital-api-'));
  const config = loadConfig({
    DATA_DIR: scratch,
    WEB_DIST_DIR: overrides.webDistDir ?? path.join(scratch, 'sin-web'),
    // Nothing listens on port 9: "identity provider down" unless a test passes a real issuer.
    OIDC_ISSUER: overrides.issuer ?? 'http://127.0.0.1:9/realms/ecodigital',
    LOG_LEVEL: 'silent',
  });
  return { ...config, databaseUrl: overrides.databaseUrl };
}
