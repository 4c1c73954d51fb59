import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const apiRoot = fileURLToPath(new URL('../..', import.meta.url));

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'ecodigital-lock-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('refuses a second holder and names the folder and the process holding it', async () => {
    const folder = path.join(scratch, 'twice');
    const first = await lockDataDir(folder);
    const second = lockDataDir(folder);
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(`«${folder}»`);
    await expect(second).rejects.toThrow(`pid ${process.pid}`);
    await first.release();
    const again = await lockDataDir(folder);
    await again.release();
  });

  it('takes over the lock of a process that no longer runs', async () => {
    const folder = path.join(scratch, 'dead');
    const child = spawn(process.execPath, ['-e', '0']);
    await once(child, 'exit');
    await writeFile(
      `${folder}.lock`,
      JSON.stringify({ pid: child.pid, host: hostname(), command: 'gone', since: new Date().toISOString() }),
    );
    const lock = await lockDataDir(folder);
    expect(JSON.parse(await readFile(lock.path, 'utf8')).pid).toBe(process.pid);
    await lock.release();
  });

  it('takes over a lock whose pid now belongs to another process (pid reuse)', async () => {
    const folder = path.join(scratch, 'reused');
    await writeFile(
      `${folder}.lock`,
      JSON.stringify({ pid: process.pid, startTicks: 1, host: hostname(), command: 'old', since: '' }),
    );
    await expectTakenOver(folder);
  });

  it('takes over a torn lock file', async () => {
    const folder = path.join(scratch, 'torn');
    await writeFile(`${folder}.lock`, '{"pid": 12');
    await expectTakenOver(folder);
  });

  /** The lock is now this process's, written whole, and holds against the next one who asks. */
  async function expectTakenOver(folder: string) {
    const lock = await lockDataDir(folder);
    const holder = JSON.parse(await readFile(lock.path, 'utf8'));
    expect(holder).toMatchObject({ pid: process.pid, host: hostname() });
    expect(holder.startTicks).not.toBe(1);
    await expect(lockDataDir(folder)).rejects.toBeInstanceOf(DataDirLockedError);
    await lock.release();
  }
});

/** Real API processes on one embedded database, as two `npm start` would run them. */
describe('two API processes on one DATA_DIR', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  });

  function startApi(dataDir: string, port: number) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiRoot,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: '',
        OIDC_ISSUER: 'http://127.0.0.1:9/realms/ecodigital',
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const exited = once(child, 'exit').then(([code]) => code as number | null);
    return { child, exited, output: () => output };
  }

  async function databaseAnswers(port: number): Promise<boolean> {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(5_000) });
      const body = (await response.json()) as { data?: { database?: string } };
      return body.data?.database === 'ok';
    } catch {
      return false;
    }
  }

  async function waitUntilServing(port: number, exited: Promise<number | null>) {
    let gone = false;
    void exited.then(() => (gone = true));
    for (let i = 0; i < 600 && !gone; i++) {
      if (await databaseAnswers(port)) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the API did not start');
  }

  it('refuses the second with a Spanish message, keeps the first serving, and survives kill -9', async () => {
    const dataDir = path.join(scratch, 'api-data');
    const [portA, portB, portC] = await Promise.all([freePort(), freePort(), freePort()]);

    const first = startApi(dataDir, portA);
    await waitUntilServing(portA, first.exited);

    const second = startApi(dataDir, portB);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('ya está abierta por otro proceso');
    expect(second.output()).toContain(path.join(dataDir, 'db'));
    expect(second.output()).toContain(`pid ${first.child.pid}`);
    expect(second.output()).not.toMatch(/\n\s+at /);
    expect(await databaseAnswers(portA)).toBe(true);

    first.child.kill('SIGKILL');
    await first.exited;
    const third = startApi(dataDir, portC);
    await waitUntilServing(portC, third.exited);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    await expect(readFile(path.join(dataDir, 'db.lock'))).rejects.toThrow();
  }, 120_000);
});

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}
