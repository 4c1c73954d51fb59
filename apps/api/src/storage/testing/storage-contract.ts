import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  InvalidStorageKeyError,
  RangeNotSatisfiableError,
  StoredObjectNotFoundError,
  type DocumentStorage,
  type StoredObject,
} from '../document-storage';
import { receiveToTemp } from '../receive';

export interface StorageUnderTest {
  storage: DocumentStorage;
  /** The bytes kept under `huerfanos/<key>`, read past the storage (its keys are live ones only). */
  readQuarantined(key: string): Promise<Buffer>;
  teardown(): Promise<void>;
}

/** The behaviour every DocumentStorage driver must have; each driver's test file runs it. */
export function describeStorageContract(driver: string, setup: () => Promise<StorageUnderTest>): void {
  describe(`DocumentStorage contract: ${driver}`, () => {
    let subject: StorageUnderTest;
    let storage: DocumentStorage;

    beforeAll(async () => {
      subject = await setup();
      storage = subject.storage;
      await storage.cleanupTemp();
    });
    afterAll(async () => {
      await subject?.teardown();
    });

    async function stage(content: Buffer): Promise<string> {
      const received = await receiveToTemp(Readable.from([content]), {
        tempDir: storage.tempDir,
        maxBytes: 64 * 1024 * 1024,
      });
      return received.tempPath;
    }

    async function commitNew(content: Buffer): Promise<string> {
      const key = randomUUID();
      await storage.commit(await stage(content), key);
      return key;
    }

    async function readAll(stream: Readable): Promise<Buffer> {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    }

    const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

    it('commits a received file, which then exists, has its size and reads back byte for byte', async () => {
      const content = Buffer.from('Resolución nº 5 — contenido íntegro\n', 'utf8');
      const key = randomUUID();
      const tempPath = await stage(content);
      await storage.commit(tempPath, key);

      expect(await storage.exists(key)).toBe(true);
      expect(await storage.size(key)).toBe(content.length);
      expect(await readAll(await storage.read(key))).toEqual(content);
      expect(await readdir(storage.tempDir)).not.toContain(path.basename(tempPath));
    });

    it('reads inclusive byte ranges and clamps an end past the last byte', async () => {
      const content = Buffer.from('0123456789abcdefghij');
      const key = await commitNew(content);

      expect(await text(await storage.read(key, { start: 0, end: 0 }))).toBe('0');
      expect(await text(await storage.read(key, { start: 10, end: 14 }))).toBe('abcde');
      expect(await text(await storage.read(key, { start: 15, end: 1000 }))).toBe('fghij');
      await expect(storage.read(key, { start: 20, end: 25 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
      await expect(storage.read(key, { start: 5, end: 4 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
      await expect(storage.read(key, { start: -1, end: 4 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
    });

    it('answers a missing key as absent, with a typed error for size and read', async () => {
      const key = randomUUID();
      expect(await storage.exists(key)).toBe(false);
      await expect(storage.size(key)).rejects.toBeInstanceOf(StoredObjectNotFoundError);
      await expect(storage.read(key)).rejects.toBeInstanceOf(StoredObjectNotFoundError);
      await expect(storage.read(key, { start: 0, end: 1 })).rejects.toBeInstanceOf(StoredObjectNotFoundError);
    });

    it('removes a committed object (to undo a failed transaction); removing twice is harmless', async () => {
      const key = await commitNew(Buffer.from('deshacer'));
      await storage.remove(key);
      expect(await storage.exists(key)).toBe(false);
      await expect(storage.remove(key)).resolves.toBeUndefined();
    });

    it.each(['../../etc/passwd', 'documento.pdf', 'AB/CD', '', `${randomUUID()}/..`, randomUUID().toUpperCase()])(
      'refuses a key that is not a server-generated id: %j',
      async (key) => {
        await expect(storage.exists(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(storage.size(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(storage.read(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(storage.remove(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
        const tempPath = await stage(Buffer.from('x'));
        await expect(storage.commit(tempPath, key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
        expect(await readdir(storage.tempDir)).not.toContain(path.basename(tempPath));
      },
    );

    it('refuses to commit a file that is not in its temp dir, and leaves that file alone', async () => {
      const outside = path.join(path.dirname(storage.tempDir), `${randomUUID()}.part`);
      await writeFile(outside, 'ajeno');
      try {
        await expect(storage.commit(outside, randomUUID())).rejects.toThrow(/no está en/);
        expect(await readdir(path.dirname(outside))).toContain(path.basename(outside));
      } finally {
        await rm(outside, { force: true });
      }
    });

    it('round-trips a 12 MiB file (several parts for multipart uploads)', async () => {
      const content = randomBytes(12 * 1024 * 1024);
      const key = await commitNew(content);
      expect(await storage.size(key)).toBe(content.length);
      expect(sha256(await readAll(await storage.read(key)))).toBe(sha256(content));
      const tail = await readAll(await storage.read(key, { start: content.length - 100_000, end: content.length - 1 }));
      expect(tail).toEqual(content.subarray(content.length - 100_000));
    });

    it('keeps 20 files committed in parallel apart', async () => {
      const contents = Array.from({ length: 20 }, (_, index) =>
        Buffer.from(`archivo ${index} ${randomBytes(2048).toString('hex')}`),
      );
      const keys = await Promise.all(contents.map((content) => commitNew(content)));
      const readBack = await Promise.all(keys.map(async (key) => sha256(await readAll(await storage.read(key)))));
      expect(readBack).toEqual(contents.map(sha256));
    });

    async function listAll(): Promise<StoredObject[]> {
      const objects: StoredObject[] = [];
      for await (const object of storage.listStored()) objects.push(object);
      return objects;
    }

    it('lists committed objects with size and commit time, never temp files', async () => {
      const content = Buffer.from('listado');
      const key = await commitNew(content);
      const staged = path.basename(await stage(Buffer.from('en recepción')));

      const listed = await listAll();
      const entry = listed.find((object) => object.key === key);
      expect(entry).toMatchObject({ key, size: content.length });
      // A clock sanity check, not a timing: the commit happened during this test.
      expect(Math.abs(entry!.storedAt.getTime() - Date.now())).toBeLessThan(10 * 60 * 1000);
      expect(listed.map((object) => object.key)).not.toContain(staged.replace(/\.part$/, ''));
      expect(listed.every((object) => /^[0-9a-f-]{36}$/.test(object.key))).toBe(true);
      await storage.cleanupTemp();
    });

    it('quarantines an object under huerfanos/ with its bytes intact; a second attempt finds it gone', async () => {
      const kept = await commitNew(Buffer.from('con fila'));
      const orphanContent = Buffer.from('sin fila: bytes de alguien');
      const orphan = await commitNew(orphanContent);

      expect(await storage.quarantine(orphan)).toBe(`huerfanos/${orphan}`);
      expect(await storage.exists(orphan)).toBe(false);
      expect(await subject.readQuarantined(orphan)).toEqual(orphanContent);
      expect(await storage.quarantine(orphan)).toBeUndefined();

      const keys = (await listAll()).map((object) => object.key);
      expect(keys).toContain(kept);
      expect(keys).not.toContain(orphan);
      expect(await storage.exists(kept)).toBe(true);
    });

    it('cleans leftover .part files from its temp dir and nothing else', async () => {
      await writeFile(path.join(storage.tempDir, `${randomUUID()}.part`), 'interrumpido');
      await writeFile(path.join(storage.tempDir, `${randomUUID()}.part`), 'interrumpido');
      await writeFile(path.join(storage.tempDir, 'LEEME.txt'), 'no es temporal');

      expect(await storage.cleanupTemp({ olderThanMs: 60 * 60 * 1000 })).toBe(0);
      expect(await storage.cleanupTemp()).toBe(2);
      expect(await readdir(storage.tempDir)).toEqual(['LEEME.txt']);
    });
  });
}
