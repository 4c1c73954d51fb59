import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { EmptyFileError, FileTooLargeError, receiveToTemp } from './receive';

const MiB = 1024 * 1024;
let tempDir: string;

beforeEach(async () => {
  tempDir = await mkdtemp(path.join(os.tmpdir(), 'receive-'));
});
afterAll(async () => {
  await rm(tempDir, { recursive: true, force: true });
});

/** Produces `total` bytes on demand, `chunkSize` at a time, never holding more than one chunk. */
function lazySource(total: number, chunkSize: number, onChunk: (chunk: Buffer) => void = () => {}): Readable {
  let produced = 0;
  return new Readable({
    read() {
      if (produced >= total) {
        this.push(null);
        return;
      }
      const chunk = Buffer.allocUnsafe(Math.min(chunkSize, total - produced)).fill(produced % 251);
      produced += chunk.length;
      onChunk(chunk);
      this.push(chunk);
    },
  });
}

/** Sends some bytes, then fails like a client whose connection drops. */
function sourceThatBreaks(afterChunks: number, error?: Error): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent === afterChunks) {
        setImmediate(() => this.destroy(error));
        return;
      }
      sent++;
      this.push(randomBytes(16 * 1024));
    },
  });
}

describe('receiveToTemp', () => {
  it('writes the bytes to a .part file and reports their size and SHA-256', async () => {
    const content = Buffer.concat([Buffer.from('Peñalosa: informe ñ/á\n'), randomBytes(300_000)]);
    const received = await receiveToTemp(Readable.from([content.subarray(0, 1000), content.subarray(1000)]), {
      tempDir,
      maxBytes: 10 * MiB,
    });

    expect(received.size).toBe(content.length);
    expect(received.sha256).toBe(createHash('sha256').update(content).digest('hex'));
    expect(path.dirname(received.tempPath)).toBe(tempDir);
    expect(path.basename(received.tempPath)).toMatch(/^[0-9a-f-]{36}\.part$/);
    expect(await readFile(received.tempPath)).toEqual(content);
  });

  it('accepts a file of exactly the limit', async () => {
    const received = await receiveToTemp(lazySource(4096, 1000), { tempDir, maxBytes: 4096 });
    expect(received.size).toBe(4096);
  });

  it('stops at the first byte over the limit with FileTooLargeError and leaves no file', async () => {
    let pulled = 0;
    const endless = lazySource(Number.MAX_SAFE_INTEGER, 64 * 1024, (chunk) => (pulled += chunk.length));
    const attempt = receiveToTemp(endless, { tempDir, maxBytes: MiB });

    await expect(attempt).rejects.toBeInstanceOf(FileTooLargeError);
    await expect(attempt).rejects.toMatchObject({ maxBytes: MiB, code: 'FILE_TOO_LARGE' });
    expect(pulled).toBeLessThan(2 * MiB);
    expect(endless.destroyed).toBe(true);
    expect(await readdir(tempDir)).toEqual([]);
  });

  it('refuses an empty file with EmptyFileError and leaves no file', async () => {
    await expect(receiveToTemp(Readable.from([]), { tempDir, maxBytes: MiB })).rejects.toBeInstanceOf(EmptyFileError);
    expect(await readdir(tempDir)).toEqual([]);
  });

  it('leaves no file when the source fails halfway', async () => {
    const failure = new Error('conexión interrumpida');
    await expect(receiveToTemp(sourceThatBreaks(5, failure), { tempDir, maxBytes: 10 * MiB })).rejects.toBe(failure);
    expect(await readdir(tempDir)).toEqual([]);
  });

  it('leaves no file when the source is destroyed halfway without an error', async () => {
    await expect(receiveToTemp(sourceThatBreaks(5), { tempDir, maxBytes: 10 * MiB })).rejects.toThrow(
      /premature close/i,
    );
    expect(await readdir(tempDir)).toEqual([]);
  });

  it('leaves no file when the request is aborted', async () => {
    const controller = new AbortController();
    const source = lazySource(Number.MAX_SAFE_INTEGER, 16 * 1024);
    const attempt = receiveToTemp(source, { tempDir, maxBytes: 1024 * MiB, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(attempt).rejects.toMatchObject({ name: 'AbortError' });
    expect(await readdir(tempDir)).toEqual([]);
  });

  it('creates the temp dir when it does not exist yet', async () => {
    const nested = path.join(tempDir, 'a', 'b');
    const received = await receiveToTemp(Readable.from([Buffer.from('x')]), { tempDir: nested, maxBytes: 10 });
    expect(path.dirname(received.tempPath)).toBe(nested);
  });

  it('keeps memory flat while receiving 200 MiB', async () => {
    const expected = createHash('sha256');
    const baseline = process.memoryUsage();
    let peakRss = baseline.rss;
    let peakHeap = baseline.heapUsed;
    let chunks = 0;
    const source = lazySource(200 * MiB, 64 * 1024, (chunk) => {
      expected.update(chunk);
      if (++chunks % 64 === 0) {
        const now = process.memoryUsage();
        peakRss = Math.max(peakRss, now.rss);
        peakHeap = Math.max(peakHeap, now.heapUsed);
      }
    });

    const received = await receiveToTemp(source, { tempDir, maxBytes: 256 * MiB });

    expect(received.size).toBe(200 * MiB);
    expect(received.sha256).toBe(expected.digest('hex'));
    expect(peakRss - baseline.rss).toBeLessThan(64 * MiB);
    expect(peakHeap - baseline.heapUsed).toBeLessThan(64 * MiB);
    await rm(received.tempPath);
  });
});
