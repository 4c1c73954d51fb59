import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  assertByteRange,
  assertInTempDir,
  assertStorageKey,
  isStorageKey,
  QUARANTINE_PREFIX,
  RangeNotSatisfiableError,
  StoredObjectNotFoundError,
  type ByteRange,
  type StoredObject,
} from './document-storage';
import { StorageBase } from './storage-base';
import { discardTempFile } from './temp-files';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible servers (MinIO, Ceph, s3rver…); absent → AWS. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Absent → the SDK's default chain (env, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Local directory for uploads being received. */
  tempDir: string;
}

/** Parts of a multipart upload; lib-storage buffers `PART_SIZE × QUEUE_SIZE` per upload. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

/**
 * Documents in an S3-compatible bucket, so several API instances share them. Uploads still arrive
 * in a local temp dir first (hash, size and type are checked there); commit streams that file up
 * (multipart when large), confirms the stored size, then deletes the temp file.
 */
export class S3DocumentStorage extends StorageBase {
  readonly tempDir: string;
  private readonly bucket: string;
  private readonly client: S3Client;

  constructor(options: S3StorageOptions) {
    super();
    this.bucket = options.bucket;
    this.tempDir = options.tempDir;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // Trailing-checksum uploads are not understood by every S3-compatible server; SHA-256 is ours.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async commit(tempPath: string, key: string): Promise<void> {
    assertInTempDir(tempPath, this.tempDir);
    try {
      assertStorageKey(key);
      const { size } = await stat(tempPath);
      const upload = new Upload({
        client: this.client,
        params: { Bucket: this.bucket, Key: key, Body: createReadStream(tempPath), ContentLength: size },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
      });
      await upload.done();
      const storedSize = await this.size(key);
      if (storedSize !== size) {
        await this.remove(key);
        throw new Error(`El almacenamiento S3 guardó ${storedSize} bytes de ${size} para «${key}».`);
      }
    } finally {
      await discardTempFile(tempPath);
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    assertStorageKey(key);
    if (range) assertByteRange(range);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      if (!(answer.Body instanceof Readable)) throw new Error(`S3 no devolvió un flujo para «${key}».`);
      return range ? exactRange(answer.Body, answer.ContentRange, range) : answer.Body;
    } catch (error) {
      if (statusOf(error) === 404) throw new StoredObjectNotFoundError(key);
      if (statusOf(error) === 416 && range) throw new RangeNotSatisfiableError(range);
      throw error;
    }
  }

  async size(key: string): Promise<number> {
    assertStorageKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (statusOf(error) === 404) throw new StoredObjectNotFoundError(key);
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Keys at the top level only (the `/` delimiter leaves `huerfanos/…` out), page by page. */
  async *listStored(): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Delimiter: '/', ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key || !isStorageKey(object.Key)) continue;
        yield { key: object.Key, size: object.Size ?? 0, storedAt: object.LastModified ?? new Date() };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** S3 has no rename: a server-side copy, then the original is deleted. */
  async quarantine(key: string): Promise<string | undefined> {
    assertStorageKey(key);
    const target = `${QUARANTINE_PREFIX}/${key}`;
    try {
      await this.client.send(
        new CopyObjectCommand({ Bucket: this.bucket, Key: target, CopySource: `${this.bucket}/${key}` }),
      );
    } catch (error) {
      if (statusOf(error) === 404) return undefined;
      throw error;
    }
    await this.remove(key);
    return target;
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

/**
 * Some S3-compatible servers answer more than asked (s3rver ignores an end of 0); the client must
 * get exactly the bytes it requested, so an over-long answer is cut and a misplaced one refused.
 */
function exactRange(body: Readable, contentRange: string | undefined, range: ByteRange): Readable {
  const served = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(contentRange ?? '');
  const start = served ? Number(served[1]) : 0;
  const end = served ? Number(served[2]) : Number.POSITIVE_INFINITY;
  if (start !== range.start) {
    body.destroy();
    throw new Error(
      `El almacenamiento S3 no respetó el rango ${range.start}-${range.end} (${contentRange ?? 'sin Content-Range'}).`,
    );
  }
  const wanted = range.end - range.start + 1;
  return end - start + 1 > wanted ? Readable.from(take(body, wanted), { objectMode: false }) : body;
}

async function* take(source: Readable, length: number): AsyncGenerator<Buffer> {
  let remaining = length;
  for await (const chunk of source) {
    const bytes = chunk as Buffer;
    if (bytes.length >= remaining) {
      yield bytes.subarray(0, remaining);
      return;
    }
    remaining -= bytes.length;
    yield bytes;
  }
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}
