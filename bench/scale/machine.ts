/** Where and with what the numbers were measured: they mean little without it. */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withClient } from './database';

const KEY_PACKAGES = ['fastify', 'pg', 'jose', 'typebox', 'react', 'antd', 'vite', 'autocannon'];

export interface Machine {
  nucleos: number;
  cpu: string;
  memoria_gib: number;
  /** 1-minute load average when the measurements ended: other work on a shared machine shows here. */
  carga_media: number;
  so: string;
  node: string;
  postgresql: string;
  paquetes: Record<string, string>;
}

export async function describeMachine(repoRoot: string, databaseUrl: string): Promise<Machine> {
  const postgresql = await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    return rows[0]!.server_version;
  });
  return {
    nucleos: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? 'desconocida',
    memoria_gib: os.totalmem() / 1024 ** 3,
    carga_media: os.loadavg()[0]!,
    so: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    postgresql,
    paquetes: Object.fromEntries(KEY_PACKAGES.map((name) => [name, installedVersion(repoRoot, name)])),
  };
}

function installedVersion(repoRoot: string, name: string): string {
  try {
    const manifest = readFileSync(path.join(repoRoot, 'node_modules', name, 'package.json'), 'utf8');
    return (JSON.parse(manifest) as { version: string }).version;
  } catch {
    return 'no instalado';
  }
}
