import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const TSX = join(import.meta.dirname, '../../../node_modules/.bin/tsx');
const SERVER = join(import.meta.dirname, 'server.ts');

/** The API process as an operator starts it; resolves when it exits, or once it listens (then stopped). */
function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [SERVER], { env: { PATH: process.env.PATH ?? '', ...env } });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (/ API en http/.test(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('the API process in production', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'api-produccion-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const base = { NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir };

  it('refuses to start without OIDC_ISSUER, in one Spanish sentence', async () => {
    const { code, output } = await runServer(base);
    expect(code).toBe(1);
    expect(output.trim()).toMatch(/^Configuración no válida: Con NODE_ENV=production falta OIDC_ISSUER/);
    expect(output).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('refuses to start with DEMO_DATOS=true', async () => {
    const { code, output } = await runServer({
      ...base,
      OIDC_ISSUER: 'https://sso.ejemplo.es/realms/ecodigital',
      DEMO_DATOS: 'true',
    });
    expect(code).toBe(1);
    expect(output.trim()).toMatch(/^Configuración no válida: Con NODE_ENV=production no se admite DEMO_DATOS=true/);
  }, 60_000);
});
