import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadStorageConfig } from '../storage/storage-config';
import storagePlugin, { ABANDONED_UPLOAD_AGE_MS } from './storage';

describe('storage plugin start with a temp dir shared by another instance', () => {
  let dir: string;
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('removes abandoned uploads but keeps the one another instance is still receiving', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ecodigital-storage-plugin-'));
    const config = loadStorageConfig({ STORAGE_DIR: dir });
    await mkdir(config.tempDir, { recursive: true });
    const receiving = path.join(config.tempDir, 'recibiendo.part');
    const abandoned = path.join(config.tempDir, 'abandonado.part');
    await writeFile(receiving, 'bytes que siguen llegando');
    await writeFile(abandoned, 'bytes de un proceso que murió');
    const longAgo = new Date(Date.now() - ABANDONED_UPLOAD_AGE_MS - 60_000);
    await utimes(abandoned, longAgo, longAgo);

    const app = Fastify({ logger: false });
    await app.register(storagePlugin, { config });
    await app.ready();
    await app.close();

    expect(existsSync(receiving)).toBe(true);
    expect(existsSync(abandoned)).toBe(false);
  });
});
