import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** s3rver checks signatures against these fixed credentials. */
  credentials: { accessKeyId: string; secretAccessKey: string };
  stop(): Promise<void>;
}

/** A real S3-compatible HTTP server (s3rver) on a free port, keeping objects in a temp dir. */
export async function startS3TestServer(bucket = 'ecodigital-test'): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
