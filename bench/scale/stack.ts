/** The dev identity provider in this process and the API as a child process, with a real token. */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { startIdp } from '@ecodigital/idp/app';
import { signIn } from '@ecodigital/idp/test-client';
import { forkApi, type ForkedApi } from '../lib/fork-api';

export interface Stack {
  base: string;
  token: string;
  /** A token of another demo person (password = username). */
  tokenFor(username: string): Promise<string>;
  /** Another API instance on the same database and identity provider, with `env` added. */
  otraApi(env: Record<string, string>): Promise<{ base: string; stop(): Promise<void> }>;
  apiPid: number;
  /** Where the API keeps the documents' files (STORAGE_DIR). */
  storageDir: string;
  stop(): Promise<void>;
}

export async function startStack(options: { databaseUrl: string; scratch: string; repoRoot: string }): Promise<Stack> {
  // The full run lasts longer than the default 5-minute token.
  const idp = await startIdp({ port: 0, dataDir: path.join(options.scratch, 'idp'), accessTokenTtl: 3600 });
  let api: ChildProcess | undefined;
  try {
    const { access_token: token } = await signIn({ issuer: idp.issuer, username: 'admin', password: 'admin' });
    const started = await startApi(options, idp.issuer);
    api = started.child;
    return {
      base: `http://127.0.0.1:${started.port}`,
      token,
      tokenFor: async (username) => (await signIn({ issuer: idp.issuer, username, password: username })).access_token,
      otraApi: async (env) => {
        const otra = await startApi({ ...options, extraEnv: env }, idp.issuer);
        return { base: `http://127.0.0.1:${otra.port}`, stop: () => closeApi(otra.child) };
      },
      apiPid: api.pid!,
      storageDir: path.join(options.scratch, 'documentos'),
      async stop() {
        await closeApi(api!);
        await idp.close().catch(() => {});
      },
    };
  } catch (error) {
    if (api) await closeApi(api);
    await idp.close().catch(() => {});
    throw error;
  }
}

function startApi(
  options: { databaseUrl: string; scratch: string; repoRoot: string; extraEnv?: Record<string, string> },
  issuer: string,
): Promise<ForkedApi> {
  return forkApi(path.join(import.meta.dirname, 'api-server.ts'), {
    // BENCH_API_CPU_PROF=<dir> writes a V8 CPU profile of the API there when it stops.
    execArgv: process.env.BENCH_API_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_API_CPU_PROF] : [],
    cwd: options.repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: path.join(options.scratch, 'data'),
      STORAGE_DRIVER: 'local',
      STORAGE_DIR: path.join(options.scratch, 'documentos'),
      OIDC_ISSUER: issuer,
      LOG_LEVEL: 'silent',
      // A benchmark is one caller asking as fast as it can, and saturating the API on purpose.
      LIMITE_BUSQUEDAS_POR_MINUTO: '0',
      LIMITE_HISTORIAL_POR_MINUTO: '0',
      LIMITE_SUBIDAS_POR_MINUTO: '0',
      LIMITE_EXPORTACIONES_POR_MINUTO: '0',
      LIMITE_VERIFICACIONES_POR_MINUTO: '0',
      // The public look-up of a código seguro de verificación has no «0»: its highest limit.
      LIMITE_CONSULTAS_CSV_POR_MINUTO: '1000000',
      SOBRECARGA_RETARDO_MAX_MS: '0',
      // The generated documents have no files: a revision would only record them missing. The
      // group `integridad` measures the revision on files of its own.
      INTEGRIDAD_MIB_POR_SEGUNDO: '0',
      ...options.extraEnv,
    },
  });
}

async function closeApi(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || !child.connected) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send({ type: 'close' });
  const timeout = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timeout);
}
