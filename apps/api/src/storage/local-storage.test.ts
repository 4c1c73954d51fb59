import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDocumentStorage } from './local-storage';
import { receiveToTemp } from './receive';
import { describeStorageContract } from './testing/storage-contract';

describeStorageContract('local', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'local-storage-'));
  return {
    storage: new LocalDocumentStorage({ dir }),
    readQuarantined: (key) => readFile(path.join(dir, 'huerfanos', key)),
    teardown: () => rm(dir, { recursive: true, force: true }),
  };
});

describe('LocalDocumentStorage on disk', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'local-storage-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('receives in <dir>/.tmp and stores under two levels of folders named by the key', async () => {
    const storage = new LocalDocumentStorage({ dir });
    expect(storage.tempDir).toBe(path.join(dir, '.tmp'));
    const { tempPath } = await receiveToTemp(Readable.from([Buffer.from('folio 1')]), {
      tempDir: storage.tempDir,
      maxBytes: 1024,
    });
    const key = randomUUID();
    await storage.commit(tempPath, key);

    expect(await readFile(path.join(dir, key.slice(0, 2), key.slice(2, 4), key), 'utf8')).toBe('folio 1');
    expect(await readdir(storage.tempDir)).toEqual([]);
  });
});
