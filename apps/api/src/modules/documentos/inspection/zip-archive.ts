import type { FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { ErrorDeExtraccion } from '../texto/resultado';
import { readAt } from './read-at';

/**
 * ZIP archives read with yauzl, within bounds a hostile file cannot push: the directory's size
 * and entry count before its entries are kept, and what inflates, per part and per archive,
 * counted as it comes out. Format detection only lists the entries; text extraction reads them.
 */

export interface ZipEntry {
  name: string;
  /** 0 = stored, 8 = deflated. */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

/** A part may inflate to this much: far past the XML of any real document. */
export const ENTRY_MAX_BYTES = 64 * 1024 * 1024;
/**
 * And all the parts read from one archive together: without it, a thousand parts just under the
 * per-part cap would keep the extraction inflating for minutes.
 */
export const ARCHIVE_MAX_BYTES = 4 * ENTRY_MAX_BYTES;
/** Real documents have a few hundred entries; a directory larger than this is not one of ours. */
const DIRECTORY_MAX_BYTES = 4 * 1024 * 1024;
const MAX_ENTRIES = 20_000;
/** The fixed part of a central-directory record, before its name, extra field and comment. */
const DIRECTORY_RECORD_BYTES = 46;
const READ_CHUNK = 256 * 1024;

const archivoDanado = () => new ErrorDeExtraccion('El archivo comprimido del documento está dañado.', true);
const megas = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** yauzl reads through the caller's handle, which stays the caller's to close: `close` is yauzl's no-op. */
class FileHandleReader extends yauzl.RandomAccessReader {
  constructor(private readonly file: FileHandle) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const file = this.file;
    return Readable.from(
      (async function* () {
        for (let position = start; position < end;) {
          const chunk = await readAt(file, position, Math.min(READ_CHUNK, end - position));
          if (chunk.length === 0) return;
          position += chunk.length;
          yield chunk;
        }
      })(),
    );
  }

  // Headers are read one record at a time; one read each instead of yauzl's stream per read.
  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (error: Error | null, bytesRead?: number) => void,
  ): void {
    readAt(this.file, position, length).then(
      (chunk) => callback(null, chunk.copy(buffer, offset)),
      (error: Error) => callback(error),
    );
  }
}

export class ZipArchive {
  readonly entries: readonly ZipEntry[];
  /** Bytes inflated from this archive so far, whichever parts they came from. */
  private inflated = 0;

  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly sources: ReadonlyMap<ZipEntry, yauzl.Entry>,
  ) {
    this.entries = [...sources.keys()];
  }

  /** The entries in central-directory order, or `null` when the file is not a well-formed ZIP. */
  static async open(file: FileHandle): Promise<ZipArchive | null> {
    const { size } = await file.stat();
    const zip = await new Promise<yauzl.ZipFile | null>((resolve) => {
      yauzl.fromRandomAccessReader(
        new FileHandleReader(file),
        size,
        // autoClose would close the archive once listed, before any part is read. Sizes in the
        // headers are not checked against the data: `read` counts what really inflates, and an
        // entry that merely misstates its size is read as before.
        { lazyEntries: true, autoClose: false, validateEntrySizes: false },
        (error, zip) => resolve(error ? null : zip),
      );
    });
    if (!zip || zip.entryCount > MAX_ENTRIES) return null;

    const sources = new Map<ZipEntry, yauzl.Entry>();
    let directoryBytes = 0;
    try {
      for await (const source of zip.eachEntry()) {
        directoryBytes +=
          DIRECTORY_RECORD_BYTES + source.fileNameLength + source.extraFieldLength + source.fileCommentLength;
        if (directoryBytes > DIRECTORY_MAX_BYTES) return null;
        const entry = {
          name: source.fileName,
          method: source.compressionMethod,
          compressedSize: source.compressedSize,
          uncompressedSize: source.uncompressedSize,
          localHeaderOffset: source.relativeOffsetOfLocalHeader,
        };
        sources.set(entry, source);
      }
    } catch {
      return null;
    }
    return new ZipArchive(zip, sources);
  }

  /**
   * Feeds the uncompressed bytes of `entry` to `onChunk`, in order, stopping with a permanent
   * error past `ENTRY_MAX_BYTES` for the part or `ARCHIVE_MAX_BYTES` for the archive, whatever
   * the headers declare (a "zip bomb" lies). Stored and deflated entries only, as office suites
   * write them.
   */
  async read(entry: ZipEntry, onChunk: (chunk: Buffer) => void): Promise<void> {
    const source = this.sources.get(entry);
    if (!source) throw new Error(`«${entry.name}» is not an entry of this archive`);
    // An honest header saves inflating what would be refused anyway.
    if (entry.uncompressedSize > ENTRY_MAX_BYTES) throw parteDemasiadoGrande(entry.name);
    if (entry.method !== 0 && entry.method !== 8) {
      throw new ErrorDeExtraccion(`La parte «${entry.name}» usa una compresión que no se lee.`, true);
    }
    const stream = await this.zip.openReadStreamPromise(source).catch(() => {
      throw archivoDanado();
    });
    let bytes = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        this.inflated += chunk.length;
        if (bytes > ENTRY_MAX_BYTES) throw parteDemasiadoGrande(entry.name);
        if (this.inflated > ARCHIVE_MAX_BYTES) {
          throw new ErrorDeExtraccion(
            `El documento ocupa más de ${megas(ARCHIVE_MAX_BYTES)} MB al descomprimirlo.`,
            true,
          );
        }
        onChunk(chunk);
      }
    } catch (error) {
      if (error instanceof ErrorDeExtraccion) throw error;
      throw new ErrorDeExtraccion(`La parte «${entry.name}» del documento está dañada.`, true);
    } finally {
      stream.destroy();
    }
  }

  /** Inflates every part within the caps: before a library that reads the whole archive in memory. */
  async checkInflation(): Promise<void> {
    for (const entry of this.entries) {
      if (!entry.name.endsWith('/')) await this.read(entry, () => {});
    }
  }
}

/** For text extraction, where a file that is not a ZIP is a damaged document. */
export async function openDocumentZip(file: FileHandle): Promise<ZipArchive> {
  const archive = await ZipArchive.open(file);
  if (!archive) throw archivoDanado();
  return archive;
}

function parteDemasiadoGrande(nombre: string): ErrorDeExtraccion {
  return new ErrorDeExtraccion(
    `La parte «${nombre}» del documento ocupa más de ${megas(ENTRY_MAX_BYTES)} MB al descomprimirla.`,
    true,
  );
}
