// Builds the API to plain JavaScript for production (`node apps/api/dist/server.js`): one ES module
// per entry, with the workspace's own TypeScript packages (`@ecodigital/*`) bundled in and every
// other package left to node_modules (installed with `npm ci --omit=dev`). Migrations are copied
// next to it. Development keeps running the sources through tsx.
import { build } from 'esbuild';
import { cp, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const apiRoot = fileURLToPath(new URL('.', import.meta.url));
const dist = `${apiRoot}dist`;

await rm(dist, { recursive: true, force: true });
await build({
  absWorkingDir: apiRoot,
  entryPoints: {
    server: 'src/server.ts',
    'seed-demo': 'src/tools/seed-demo.ts',
    // Migrations and the API role's privileges, with the schema owner's connection.
    migrar: 'src/tools/migrar.ts',
    // Backups and restores (`npm run backup` / `npm run restore` in development).
    backup: 'src/tools/backup.ts',
    restore: 'src/tools/restore.ts',
    // The text-extraction process the API forks (found beside server.js).
    extractor: 'src/modules/documentos/texto/proceso-extractor.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Modules the API imports only when needed (S3, PGlite, the índice PDF) become chunks of their
  // own, so their packages are loaded only by the instances that use them.
  splitting: true,
  // In dist/ itself, next to server.js: modules locate files relative to their own URL.
  chunkNames: '[name]-[hash]',
  target: 'node20.19',
  sourcemap: true,
  packages: 'external',
  // Workspace packages export TypeScript sources: they are part of this build, not of node_modules.
  // The dev identity provider's list of people is read only for the demo organisation (DEMO_DATOS).
  alias: {
    '@ecodigital/contracts': '../../packages/contracts/src',
    '@ecodigital/config': '../../packages/config/src',
    '@ecodigital/idp': '../idp/src',
  },
  logLevel: 'warning',
});
await cp(`${apiRoot}src/db/migrations`, `${dist}/migrations`, { recursive: true });
console.log('API compilada en apps/api/dist');
