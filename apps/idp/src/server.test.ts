import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadIdpConfig } from './config';

const SERVER = join(import.meta.dirname, 'server.ts');

function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    // One process, as `npm start` runs it: the `tsx` binary would put a second one in between that
    // relays signals by its own timing.
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER], { env: { ...process.env, ...env } });
    let output = '';
    let stopped = false;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      // Once: a second SIGTERM while closing is the operator's «stop now», not a clean close.
      if (!stopped && output.includes('ready at')) stopped = child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('server', () => {
  it('refuses to start with NODE_ENV=production', async () => {
    const { code, output } = await runServer({ NODE_ENV: 'production', IDP_PORT: '0' });
    expect(code).toBe(1);
    expect(output).toMatch(/no arranca con NODE_ENV=production/);
  });

  it('says in one line that its port is taken, without a stack trace', async () => {
    const ocupado = createServer();
    await new Promise<void>((resolve) => ocupado.listen(0, 'localhost', resolve));
    const dataDir = mkdtempSync(join(tmpdir(), 'idp-server-'));
    try {
      const { port } = ocupado.address() as AddressInfo;
      const { code, output } = await runServer({
        NODE_ENV: 'development',
        IDP_PORT: String(port),
        IDP_DATA_DIR: dataDir,
      });
      expect(code).toBe(1);
      expect(output).toContain(`idp: no se pudo abrir el puerto ${port}: ya está en uso`);
      expect(output).not.toMatch(/\n\s+at /);
    } finally {
      ocupado.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('starts, logs one ready line and closes cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'idp-server-'));
    try {
      const { code, output } = await runServer({ NODE_ENV: 'development', IDP_PORT: '0', IDP_DATA_DIR: dataDir });
      expect(output).toMatch(/ready at http:\/\/localhost:\d+ \(issuer http:\/\/localhost:\d+\/realms\/ecodigital\)/);
      expect(code).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('loadIdpConfig', () => {
  it('has development defaults', () => {
    expect(loadIdpConfig({})).toMatchObject({
      port: 8080,
      host: 'localhost',
      redirectUris: ['http://localhost:3000/'],
      accessTokenTtl: 300,
      dataDir: 'data/idp',
    });
  });

  it('reads lists and numbers from the environment', () => {
    expect(
      loadIdpConfig({
        IDP_PORT: '9000',
        IDP_PUBLIC_URL: 'https://idp.example.test',
        IDP_REDIRECT_URIS: 'http://localhost:3000/, http://localhost:5173/',
        IDP_WEB_ORIGINS: 'http://localhost:3000',
        ACCESS_TOKEN_TTL: '30',
      }),
    ).toMatchObject({
      port: 9000,
      publicUrl: 'https://idp.example.test',
      redirectUris: ['http://localhost:3000/', 'http://localhost:5173/'],
      webOrigins: ['http://localhost:3000'],
      accessTokenTtl: 30,
    });
  });

  it('rejects bad values with a clear message', () => {
    expect(() => loadIdpConfig({ ACCESS_TOKEN_TTL: 'cinco' })).toThrow(ConfigError);
    expect(() => loadIdpConfig({ ACCESS_TOKEN_TTL: '0' })).toThrow(/ACCESS_TOKEN_TTL/);
    expect(() => loadIdpConfig({ IDP_REDIRECT_URIS: 'localhost:3000' })).toThrow(/IDP_REDIRECT_URIS/);
  });
});
