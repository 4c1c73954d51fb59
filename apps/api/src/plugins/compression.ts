import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * Compresses what the API writes on the fly (JSON lists, the CSV export) with Brotli or gzip, from
 * 1 KB up. The web app's files are compressed at build time instead (`apps/web/build/precompress.ts`)
 * and served as they are by `@fastify/static` (`preCompressed`). Document bytes are never
 * compressed on the way out: their routes turn it off (`compress: false`), so ranges, lengths and
 * the SHA-256 ETag stay those of the stored file.
 */
export default fp(
  async (app) => {
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  },
  { name: 'compression' },
);
