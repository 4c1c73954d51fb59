import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type AppConfig } from '../config';

/** Defaults for tests: nothing from the developer's environment, no web build. */
export interface TestConfigOverrides {
  databaseUrl?: string;
  databaseMigrationUrl?: string;
  issuer?: string;
  webDistDir?: string;
  /** More variables, e.g. `MAX_UPLOAD_MB` or the `S3_*` ones; storage defaults to `<scratch>/documentos`. */
  env?: Record<string, string>;
}

export function testConfig(overrides: TestConfigOverrides = {}): AppConfig {
  const scratch = mkdtempSync(path.join(tmpdir(), 'ecodigital-api-'));
  const config = loadConfig({
    DATA_DIR: scratch,
    WEB_DIST_DIR: overrides.webDistDir ?? path.join(scratch, 'sin-web'),
    // Nothing listens on port 9: "identity provider down" unless a test passes a real issuer.
    OIDC_ISSUER: overrides.issuer ?? 'http://127.0.0.1:9/realms/ecodigital',
    LOG_LEVEL: 'silent',
    // No background extraction unless a test asks for it: it drains the queue itself.
    EXTRACCION_TRABAJOS: '0',
    // No per-caller budgets nor load shedding unless a test asks for them (`plugins/limites.test.ts`):
    // a test file calls faster than any person, and a loaded machine must not shed its requests.
    LIMITE_BUSQUEDAS_POR_MINUTO: '0',
    LIMITE_HISTORIAL_POR_MINUTO: '0',
    LIMITE_SUBIDAS_POR_MINUTO: '0',
    LIMITE_EXPORTACIONES_POR_MINUTO: '0',
    LIMITE_VERIFICACIONES_POR_MINUTO: '0',
    SOBRECARGA_RETARDO_MAX_MS: '0',
    ...overrides.env,
  });
  return { ...config, databaseUrl: overrides.databaseUrl, databaseMigrationUrl: overrides.databaseMigrationUrl };
}
