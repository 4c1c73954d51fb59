import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { ErrorDeExtraccion } from '../texto/resultado';
import { detectFormat } from './detect-format';
import { sampleDocx, sampleDocxEntries } from './testing/sample-files';
import { buildZip, type ZipInput } from './testing/zip-writer';
import { ARCHIVE_MAX_BYTES, ENTRY_MAX_BYTES, ZipArchive } from './zip-archive';

let dir: string;
let counter = 0;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'zip-archive-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function saved(bytes: Buffer): Promise<string> {
  const filePath = path.join(dir, `archivo-${counter++}.zip`);
  await writeFile(filePath, bytes);
  return filePath;
}

/** Opens the bytes as an archive and hands it to `use`, closing the file afterwards. */
async function withArchive<T>(bytes: Buffer, use: (archive: ZipArchive | null) => Promise<T>): Promise<T> {
  const file = await open(await saved(bytes), 'r');
  try {
    return await use(await ZipArchive.open(file));
  } finally {
    await file.close();
  }
}

/** What `read` hands over, and how it ends: the error, or `undefined` when it reads to the end. */
async function readEntry(archive: ZipArchive, name: string): Promise<{ bytes: number; text: string; error?: unknown }> {
  const entry = archive.entries.find((candidate) => candidate.name === name)!;
  const chunks: Buffer[] = [];
  let bytes = 0;
  const error = await archive
    .read(entry, (chunk) => {
      bytes += chunk.length;
      if (bytes < 1024 * 1024) chunks.push(chunk);
    })
    .then(
      () => undefined,
      (failure: unknown) => failure,
    );
  return { bytes, text: Buffer.concat(chunks).toString('utf8'), error };
}

/** Written by yazl with every field in its 64-bit form, as archives over 4 GB or 65.535 entries must be. */
async function zip64(inputs: ZipInput[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const input of inputs) zip.addBuffer(Buffer.from(input.content), input.name, { forceZip64Format: true });
  zip.end({ forceZip64Format: true, comment: '' });
  return buffer(zip.outputStream);
}

const MIB = 1024 * 1024;

describe('ZipArchive lists and reads', () => {
  it('a zip64 archive: its 64-bit directory and sizes', async () => {
    const bytes = await zip64(sampleDocxEntries());
    const endOfDirectory = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    expect(bytes.readUInt16LE(endOfDirectory + 10)).toBe(0xffff);
    expect(bytes.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);

    await withArchive(bytes, async (archive) => {
      expect(archive?.entries.map((entry) => entry.name)).toEqual(sampleDocxEntries().map((input) => input.name));
      expect(await readEntry(archive!, 'word/document.xml')).toMatchObject({
        text: expect.stringContaining('Solicitud de Peñalosa'),
        error: undefined,
      });
    });
    expect(await detectFormat(await saved(bytes))).toMatchObject({ accepted: true, formato: 'DOCX' });
  });

  it('the entries of an ordinary archive, in directory order, with what office-documents reads', async () => {
    await withArchive(sampleDocx(), async (archive) => {
      expect(archive?.entries).toEqual([
        expect.objectContaining({ name: '[Content_Types].xml', method: 8, localHeaderOffset: 0 }),
        expect.objectContaining({ name: '_rels/.rels', method: 8 }),
        expect.objectContaining({ name: 'word/document.xml', method: 8 }),
      ]);
    });
  });
});

describe('ZipArchive bounds what a hostile archive costs', () => {
  it('cuts a part that inflates past its cap while its headers declare a few bytes', async () => {
    const bomb = buildZip([{ name: 'word/document.xml', content: Buffer.alloc(96 * MIB, 0x20), declaredSize: 100 }]);
    expect(bomb.length).toBeLessThan(MIB);
    await withArchive(bomb, async (archive) => {
      const { bytes, error } = await readEntry(archive!, 'word/document.xml');
      expect(error).toBeInstanceOf(ErrorDeExtraccion);
      expect((error as ErrorDeExtraccion).message).toBe(
        'La parte «word/document.xml» del documento ocupa más de 64 MB al descomprimirla.',
      );
      expect(bytes).toBeLessThanOrEqual(ENTRY_MAX_BYTES);
    });
  });

  it('refuses a part whose headers declare more than the cap without inflating it', async () => {
    const honest = buildZip([{ name: 'content.xml', content: 'x', declaredSize: ENTRY_MAX_BYTES + 1 }]);
    await withArchive(honest, async (archive) => {
      const { bytes, error } = await readEntry(archive!, 'content.xml');
      expect((error as ErrorDeExtraccion).message).toMatch(/más de 64 MB al descomprimirla/);
      expect(bytes).toBe(0);
    });
  });

  it('cuts the archive once its parts together inflate past the cap', async () => {
    // Each under the per-part cap; the fifth takes the archive past its own.
    const part = Buffer.alloc(60 * MIB, 0x20);
    const sheets = [1, 2, 3, 4, 5].map((n) => `xl/worksheets/sheet${n}.xml`);
    await withArchive(buildZip(sheets.map((name) => ({ name, content: part }))), async (archive) => {
      for (const name of sheets.slice(0, 4)) expect((await readEntry(archive!, name)).error).toBeUndefined();
      const fifth = await readEntry(archive!, sheets[4]!);
      expect((fifth.error as ErrorDeExtraccion).message).toBe('El documento ocupa más de 256 MB al descomprimirlo.');
      expect(4 * part.length + fifth.bytes).toBeLessThanOrEqual(ARCHIVE_MAX_BYTES);
    });
  });

  it('does not list an archive that declares an absurd number of entries', async () => {
    const bytes = sampleDocx();
    bytes.writeUInt16LE(50_000, bytes.length - 22 + 8);
    bytes.writeUInt16LE(50_000, bytes.length - 22 + 10);
    await withArchive(bytes, async (archive) => expect(archive).toBeNull());
  });

  it('does not list a directory larger than any document has', async () => {
    const long = (index: number) => `${String(index).padStart(4, '0')}/${'n'.repeat(60_000)}`;
    const bytes = buildZip(Array.from({ length: 80 }, (_, index) => ({ name: long(index), content: '', store: true })));
    await withArchive(bytes, async (archive) => expect(archive).toBeNull());
  });
});

describe('a malformed ZIP is not a ZIP, or a damaged document, never a crash', () => {
  it.each([
    ['truncated before its directory', () => sampleDocx().subarray(0, 200)],
    ['with bytes after its end record', () => Buffer.concat([sampleDocx(), Buffer.from('basura')])],
    ['whose directory points past the end of the file', () => withDirectoryAt(sampleDocx(), 0x7fff_0000)],
    ['with an entry that climbs out of its folder', () => buildZip([{ name: '../fuera.xml', content: '<a/>' }])],
  ])('%s', async (_label, build) => {
    await withArchive(build(), async (archive) => expect(archive).toBeNull());
  });

  it('a part whose local header is not one', async () => {
    const bytes = sampleDocx();
    bytes.writeUInt32LE(0xdeadbeef, 0);
    await withArchive(bytes, async (archive) => {
      const { error } = await readEntry(archive!, '[Content_Types].xml');
      expect((error as ErrorDeExtraccion).message).toBe('El archivo comprimido del documento está dañado.');
    });
  });

  it('a part whose deflated data is not deflate', async () => {
    const bytes = sampleDocx();
    const name = '[Content_Types].xml';
    bytes[30 + name.length] = 0xff; // a final block of the reserved type 3
    await withArchive(bytes, async (archive) => {
      const { error } = await readEntry(archive!, name);
      expect((error as ErrorDeExtraccion).message).toBe(`La parte «${name}» del documento está dañada.`);
    });
  });
});

function withDirectoryAt(zip: Buffer, offset: number): Buffer {
  zip.writeUInt32LE(offset, zip.length - 22 + 16);
  return zip;
}
