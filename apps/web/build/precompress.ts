import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

/**
 * After the build, writes a `.br` (Brotli, quality 11) and a `.gz` (gzip, level 9) next to every
 * text file of 1 KB or more. The API sends them as they are (`@fastify/static` `preCompressed`),
 * so the browser gets the smallest form without the server compressing on each request. Uses
 * Node's own zlib (Brotli and gzip themselves): no wrapper package is needed for 30 lines.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'ecodigital:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          if ((await stat(full)).size < MIN_BYTES) return;
          const bytes = await readFile(full);
          const [br, gz] = await Promise.all([
            promisify(brotliCompress)(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            promisify(gzip)(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
        }),
      );
    },
  };
}
