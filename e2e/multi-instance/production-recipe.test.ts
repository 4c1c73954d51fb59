import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createTestDatabase, type TestDatabase } from '@ecodigital/api/testing/test-database';
import { startIdp } from '@ecodigital/idp/app';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The README's production recipe, run for real: a clean copy of the sources is built, a second
 * folder gets only the manifests, production dependencies and the built files (the Dockerfile's
 * runtime stage), and `node apps/api/dist/server.js` serves against PostgreSQL.
 */
const repoRoot = join(import.meta.dirname, '..', '..');
const DOCKERFILE = join(repoRoot, 'deploy', 'Dockerfile');

export const RECIPE = {
  build: 'npm ci --no-audit --no-fund && npm run build',
  runtimeInstall: 'npm ci --omit=dev --workspace=@ecodigital/api --no-audit --no-fund',
  start: ['node', 'apps/api/dist/server.js'],
  /** What the runtime stage copies from the build, besides node_modules. */
  manifests: [
    'package.json',
    'package-lock.json',
    '.npmrc',
    'apps/api/package.json',
    'apps/web/package.json',
    'apps/idp/package.json',
    'packages/contracts/package.json',
    'e2e/package.json',
  ],
  built: ['apps/api/dist', 'apps/web/dist'],
} as const;

const sh = (command: string, cwd: string) =>
  promisify(execFile)('sh', ['-c', command], {
    cwd,
    // The machine's npm cache already holds every package: no need to ask the registry again.
    env: { ...process.env, npm_config_prefer_offline: 'true', NODE_ENV: '' },
    maxBuffer: 64 * 1024 * 1024,
  });

describe('the production recipe (README, deploy/Dockerfile)', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  it('is the one the Dockerfile runs', async () => {
    const dockerfile = await readFile(DOCKERFILE, 'utf8');
    expect(dockerfile).toContain(`RUN ${RECIPE.build}\n`);
    expect(dockerfile).toContain(`RUN ${RECIPE.runtimeInstall} && npm cache clean --force\n`);
    expect(dockerfile).toContain(`CMD ${JSON.stringify(RECIPE.start).replaceAll(',', ', ')}\n`);
    for (const file of RECIPE.manifests)
      expect(dockerfile).toMatch(new RegExp(`COPY --from=build [^\\n]*/app/${file}`));
    for (const dir of RECIPE.built) expect(dockerfile).toContain(`COPY --from=build /app/${dir} ${dir}`);
  });

  it('builds a clean copy, installs production dependencies only, and serves /api/health on PostgreSQL', async () => {
    const work = await mkdtemp(join(tmpdir(), 'ecodigital-produccion-'));
    cleanups.push(() => rm(work, { recursive: true, force: true }));
    const source = join(work, 'fuentes');
    const runtime = join(work, 'imagen');

    // A clean copy: what git tracks (and new files not ignored), nothing built, no node_modules.
    const { stdout } = await promisify(execFile)('git', ['ls-files', '-co', '--exclude-standard', '-z'], {
      cwd: repoRoot,
      maxBuffer: 16 * 1024 * 1024,
    });
    for (const file of stdout.split('\0').filter(Boolean)) {
      if (!existsSync(join(repoRoot, file))) continue;
      await mkdir(dirname(join(source, file)), { recursive: true });
      await cp(join(repoRoot, file), join(source, file));
    }
    await sh(RECIPE.build, source);

    for (const file of RECIPE.manifests) {
      await mkdir(dirname(join(runtime, file)), { recursive: true });
      await cp(join(source, file), join(runtime, file));
    }
    await sh(RECIPE.runtimeInstall, runtime);
    for (const dir of RECIPE.built) await cp(join(source, dir), join(runtime, dir), { recursive: true });
    for (const devOnly of ['tsx', 'vite', 'vitest', 'esbuild', 'typescript', 'playwright-core', 'react']) {
      expect(existsSync(join(runtime, 'node_modules', devOnly)), `${devOnly} in the runtime image`).toBe(false);
    }

    const database: TestDatabase = await createTestDatabase();
    cleanups.push(() => database.drop());
    const port = await freePort();
    const idp = await startIdp({ port: 0, dataDir: join(work, 'idp'), redirectUris: [`http://localhost:${port}/`] });
    cleanups.push(() => idp.close());
    const api = spawn(RECIPE.start[0], RECIPE.start.slice(1), {
      cwd: runtime,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: database.url,
        OIDC_ISSUER: idp.issuer,
        DATA_DIR: join(work, 'datos'),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    api.stdout!.on('data', (chunk) => (output += chunk));
    api.stderr!.on('data', (chunk) => (output += chunk));
    cleanups.push(() => stop(api));

    const health = await waitForHealth(`http://127.0.0.1:${port}/api/health`, api);
    expect(health.status, output).toBe(200);
    expect(((await health.json()) as { data: { database: string } }).data.database).toBe('ok');

    const page = await fetch(`http://127.0.0.1:${port}/`, {
      headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(await page.text()).toContain('<div id="root"></div>');
  }, 600_000);
});

async function waitForHealth(url: string, api: ChildProcess): Promise<Response> {
  for (let i = 0; i < 600; i++) {
    if (api.exitCode !== null) throw new Error(`the API stopped (code ${api.exitCode})`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return response;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error('/api/health never answered 200');
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}
