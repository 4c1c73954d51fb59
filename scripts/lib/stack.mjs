// Starts the product's processes (identity provider, API, optionally Vite) and stops them together.
// Used by `npm start`, `npm run dev` and the end-to-end tests, so all three run the same way.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const webDir = join(repoRoot, 'apps', 'web');
const apiDir = join(repoRoot, 'apps', 'api');
/**
 * The compiled API that `npm start`, the e2e suite and production run (`npm run build -w apps/api`).
 * @public bench/scale/measures/arranque.ts imports this module by a path it computes, which knip does not follow.
 */
export const API_ENTRY = join(apiDir, 'dist', 'server.js');

function newestModification(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestModification(join(path, entry)));
  return newest;
}

export function webBuildIsCurrent() {
  const builtIndex = join(webDir, 'dist', 'index.html');
  if (!existsSync(builtIndex)) return false;
  const sources = ['src', 'index.html', 'vite.config.ts', 'public', join('..', '..', 'packages', 'contracts', 'src')]
    .map((relative) => join(webDir, relative))
    .filter((path) => existsSync(path));
  return Math.max(...sources.map(newestModification)) <= statSync(builtIndex).mtimeMs;
}

/** True when `apps/api/dist` was built after the last change to the API's or the contracts' sources. */
export function apiBuildIsCurrent() {
  if (!existsSync(API_ENTRY)) return false;
  const sources = [join(apiDir, 'src'), join(apiDir, 'build.mjs'), join(repoRoot, 'packages', 'contracts', 'src')];
  return Math.max(...sources.map(newestModification)) <= statSync(API_ENTRY).mtimeMs;
}

export async function buildApi({ quiet = false } = {}) {
  await run(process.execPath, [join(apiDir, 'build.mjs')], { cwd: apiDir, label: 'compilación de la API', quiet });
}

function run(command, args, { cwd = repoRoot, env = process.env, label, quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: quiet ? 'pipe' : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${label ?? command} terminó con código ${code}\n${output}`)),
    );
  });
}

export async function buildWeb({ quiet = false } = {}) {
  await run(process.execPath, [join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
    cwd: webDir,
    // Under Vitest NODE_ENV is `test`, and Vite would then bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
    label: 'vite build',
    quiet,
  });
}

function prefixLines(stream, label, sink) {
  let pending = '';
  stream.on('data', (chunk) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) sink(`[${label}] ${line}\n`);
  });
}

function startProcess({ label, command, args, cwd = repoRoot, env, log }) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  prefixLines(child.stdout, label, log);
  prefixLines(child.stderr, label, log);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { label, child, exited };
}

export const tsxProcess = (label, entry, env, log) =>
  startProcess({ label, command: process.execPath, args: ['--import', 'tsx', entry], env, log });

/** The API as production runs it: compiled JavaScript on plain Node. */
export const apiProcess = (label, env, log) =>
  startProcess({ label, command: process.execPath, args: [API_ENTRY], env, log });

export async function waitFor(url, { timeoutMs, processes, accept = (response) => response.ok }) {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'sin respuesta';
  while (Date.now() < deadline) {
    for (const { label, child } of processes) {
      if (child.exitCode !== null) throw new Error(`${label} se detuvo al arrancar (código ${child.exitCode})`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (accept(response)) return;
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = error.cause?.code ?? error.message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} no respondió a tiempo (${lastProblem})`);
}

/**
 * Starts the identity provider and the API (and, with `dev`, Vite in front of the API).
 * `env` is the environment for all processes; ports come from IDP_PORT / PORT in it.
 */
export async function startStack({ env = process.env, dev = false, log = (line) => process.stdout.write(line) } = {}) {
  const idpPort = env.IDP_PORT ?? '8080';
  const webPort = env.PORT ?? '3000';
  const apiPort = dev ? (env.API_PORT ?? '3001') : webPort;
  const idpUrl = env.IDP_PUBLIC_URL ?? `http://localhost:${idpPort}`;
  const issuer = env.OIDC_ISSUER ?? `${idpUrl}/realms/ecodigital`;
  // Everything that follows from the ports follows together: the web's address is where the
  // identity provider may send people back after signing in and out.
  const redirectUris = env.IDP_REDIRECT_URIS ?? `http://localhost:${webPort}/`;
  // The dev identity provider's people need the demo organisation to see anything (DEMO_DATOS).
  const shared = {
    ...env,
    IDP_PORT: idpPort,
    OIDC_ISSUER: issuer,
    IDP_REDIRECT_URIS: redirectUris,
    DEMO_DATOS: env.DEMO_DATOS ?? 'true',
  };

  const processes = [];
  const stop = async () => {
    await Promise.all(
      processes.map(async ({ child, exited }) => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }),
    );
  };

  try {
    processes.push(tsxProcess('idp', 'apps/idp/src/server.ts', shared, log));
    // Development runs the sources (tsx); `npm start` and the tests run the compiled build.
    processes.push(
      dev
        ? tsxProcess('api', 'apps/api/src/server.ts', { ...shared, PORT: apiPort }, log)
        : apiProcess('api', { ...shared, PORT: apiPort }, log),
    );
    if (dev) {
      processes.push(
        startProcess({
          label: 'web',
          command: process.execPath,
          args: [join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js'), '--port', webPort, '--strictPort'],
          cwd: webDir,
          env: { ...shared, API_PROXY_TARGET: `http://localhost:${apiPort}` },
          log,
        }),
      );
    }
    await waitFor(`${issuer}/.well-known/openid-configuration`, { timeoutMs: 60_000, processes });
    // 200 means the API reached both its database and the identity provider.
    await waitFor(`http://localhost:${apiPort}/api/health`, {
      timeoutMs: 90_000,
      processes,
      accept: (r) => r.status === 200,
    });
    if (dev) await waitFor(`http://localhost:${webPort}/`, { timeoutMs: 60_000, processes });
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    webUrl: `http://localhost:${webPort}`,
    issuer,
    processes,
    stop,
    /** Resolves when any process exits by itself. */
    firstExit: Promise.race(processes.map(({ label, exited }) => exited.then((result) => ({ label, ...result })))),
  };
}
