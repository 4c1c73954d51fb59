import { rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './db/open-database';
import { StartupError, startServer } from './start-server';
import { testConfig } from './testing/test-config';

describe('startServer', () => {
  it('starts on a machine so slow that opening the database outlasts Fastify’s plugin timeout', async () => {
    const config = { ...testConfig(), port: 0, host: '127.0.0.1' };
    // A first start of the embedded database (initdb), made slower than the plugin limit below.
    const slowOpen = async (c: typeof config) => {
      const db = await openDatabase(c);
      await sleep(2_000);
      return db;
    };
    const app = await startServer(config, { open: slowOpen, pluginTimeoutMs: 1_000 });
    try {
      const { port } = app.server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(((await response.json()) as { data: { database: string } }).data.database).toBe('ok');
    } finally {
      await app.close();
      await rm(config.dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('fails with one Spanish sentence, closing the database, when the port is taken', async () => {
    const firstConfig = { ...testConfig(), port: 0, host: '127.0.0.1' };
    const first = await startServer(firstConfig);
    const { port } = first.server.address() as AddressInfo;
    const config = { ...testConfig(), port, host: '127.0.0.1' };
    try {
      await expect(startServer(config)).rejects.toThrow(StartupError);
      await expect(startServer(config)).rejects.toThrow(`No se pudo abrir el puerto ${port}`);
    } finally {
      await first.close();
      await rm(config.dataDir, { recursive: true, force: true });
      await rm(firstConfig.dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
