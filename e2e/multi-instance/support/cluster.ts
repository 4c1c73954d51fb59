import type { ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '@ecodigital/api/testing/test-database';
import { startS3TestServer } from '@ecodigital/api/storage/testing/s3-test-server';
// @ts-expect-error plain JavaScript module shared with `npm start`
import { apiBuildIsCurrent, apiProcess, buildApi, tsxProcess, waitFor } from '../../../scripts/lib/stack.mjs';
import { startNginx } from './nginx';
import { MULTI_PORTS } from './ports';

interface StartedProcess {
  label: string;
  child: ChildProcess;
  exited: Promise<unknown>;
}

export interface Cluster {
  issuer: string;
  /** Browser-facing origin: nginx balancing over both instances. */
  balancedUrl: string;
  /** nginx, but always the same instance. */
  instanceUrl: { a: string; b: string };
  /** Which instance an `X-Upstream-Addr` value names. */
  instanceOf(upstreamAddr: string | null): 'a' | 'b' | undefined;
  stop(): Promise<void>;
}

const MAX_UPLOAD_MB = 10;

/**
 * Production shape on one machine: one dev IdP, one PostgreSQL database, one S3-compatible bucket,
 * two API processes started as `npm start` starts one, and nginx in front of both.
 */
export async function startCluster(log: (line: string) => void): Promise<Cluster> {
  const cleanups: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse())
      await cleanup().catch((error: Error) => log(`[limpieza] ${error.message}\n`));
  };

  try {
    const workDir = await mkdtemp(join(tmpdir(), 'ecodigital-multi-'));
    cleanups.push(() => rm(workDir, { recursive: true, force: true }));
    // nginx started by root runs its workers as another user, who must reach its temp files.
    await chmod(workDir, 0o755);

    const database = await createTestDatabase('multi');
    cleanups.push(() => database.drop());
    const s3 = await startS3TestServer('ecodigital-multi');
    cleanups.push(() => s3.stop());

    const balancedUrl = `http://localhost:${MULTI_PORTS.balanced}`;
    const issuer = `http://localhost:${MULTI_PORTS.idp}/realms/ecodigital`;
    const shared = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      IDP_PORT: String(MULTI_PORTS.idp),
      IDP_DATA_DIR: join(workDir, 'idp'),
      IDP_REDIRECT_URIS: `${balancedUrl}/`,
      OIDC_ISSUER: issuer,
      DATABASE_URL: database.url,
      STORAGE_DRIVER: 's3',
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
      // Two instances on one host share the receiving dir, as they would with the default.
      STORAGE_TEMP_DIR: join(workDir, 'uploads'),
      MAX_UPLOAD_MB: String(MAX_UPLOAD_MB),
      // The dev IdP's people belong to the demo organisation's unidades, as with `npm start`.
      DEMO_DATOS: 'true',
    };
    // The instances run the compiled API, as production does.
    if (!apiBuildIsCurrent()) await buildApi({ quiet: true });
    const instance = (name: 'a' | 'b', port: number) =>
      // Each instance has its own DATA_DIR: nothing it needs may live there.
      apiProcess(`api-${name}`, { ...shared, PORT: String(port), DATA_DIR: join(workDir, `api-${name}`) }, log);

    const processes: StartedProcess[] = [
      tsxProcess('idp', 'apps/idp/src/server.ts', shared, log),
      instance('a', MULTI_PORTS.apiA),
      instance('b', MULTI_PORTS.apiB),
    ];
    cleanups.push(() => Promise.all(processes.map(stopProcess)));

    await waitFor(`${issuer}/.well-known/openid-configuration`, { timeoutMs: 60_000, processes });
    // Both start at once against an empty database: the migrations' advisory lock lets one apply them.
    await Promise.all(
      [MULTI_PORTS.apiA, MULTI_PORTS.apiB].map((port) =>
        waitFor(`http://localhost:${port}/api/health`, {
          timeoutMs: 90_000,
          processes,
          accept: (r: Response) => r.status === 200,
        }),
      ),
    );

    const nginx = await startNginx({
      dir: join(workDir, 'nginx'),
      upstreams: { a: MULTI_PORTS.apiA, b: MULTI_PORTS.apiB },
      ports: { balanced: MULTI_PORTS.balanced, pinnedA: MULTI_PORTS.pinnedA, pinnedB: MULTI_PORTS.pinnedB },
      maxUploadMb: MAX_UPLOAD_MB,
    });
    cleanups.push(() => nginx.stop());

    const upstreamA = `127.0.0.1:${MULTI_PORTS.apiA}`;
    const upstreamB = `127.0.0.1:${MULTI_PORTS.apiB}`;
    return {
      issuer,
      balancedUrl,
      instanceUrl: { a: `http://localhost:${MULTI_PORTS.pinnedA}`, b: `http://localhost:${MULTI_PORTS.pinnedB}` },
      instanceOf: (upstreamAddr) => (upstreamAddr === upstreamA ? 'a' : upstreamAddr === upstreamB ? 'b' : undefined),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function stopProcess({ child, exited }: StartedProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
