// Measures the JavaScript the browser downloads for the first screen of the built web app (`/`:
// the shell and Inicio), as gzip at level 9. Level 9 is what a precompressed `.gz` sends, and it
// does not depend on the machine, so the figure is deterministic for a given build. What the
// browser receives (Brotli, headers, API answers) is measured by e2e/tests/first-load-budget.e2e.ts.
//
// The list of files comes from the bundler itself: Vite's build manifest (`build.manifest`,
// `dist/.vite/manifest.json`) names each chunk, its static imports and its dynamic imports.
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

/** Issue 6: "shell JS on first load, gzip ≤ 250 KB" (1 KB = 1000 bytes, as Vite prints sizes). */
export const SHELL_JS_BUDGET_GZIP_BYTES = 250_000;

/** Where `build.manifest: true` writes the manifest, inside the dist folder. */
const MANIFEST_PATH = join('.vite', 'manifest.json');

/**
 * Lazy chunks the first screen of `/` requests without anyone clicking: `main.ts` imports
 * `app/mount` while the sign-in runs, the router loads the view of `/` (`InicioView`) as soon as it
 * renders, and Inicio's two charts load when their figures arrive (the chart of documentos only
 * when there are documentos). Named as the manifest names chunks: the source file's base name.
 */
const FIRST_SCREEN_LAZY_CHUNKS = ['mount', 'InicioView', 'MonthlyChart', 'TipoDocumentalChart'];

/**
 * @typedef {{ file: string, name?: string, src?: string, isEntry?: boolean, isDynamicEntry?: boolean,
 *   imports?: string[], dynamicImports?: string[] }} ManifestChunk
 */

/** @returns {Promise<Record<string, ManifestChunk>>} */
async function readManifest(distDir) {
  const path = join(distDir, MANIFEST_PATH);
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new Error(`No se pudo leer ${path}: compile la web con \`npm run build -w apps/web\``, { cause: error });
  }
}

/** Chunks of the manifest that import themselves through others (`a → b → a`), or undefined. */
function chunkCycle(manifest) {
  const state = new Map();
  const walk = (key, path) => {
    if (state.get(key) === 'open') return [...path.slice(path.indexOf(key)), key].map((k) => manifest[k]?.file ?? k);
    if (state.get(key) === 'done') return undefined;
    state.set(key, 'open');
    for (const imported of manifest[key]?.imports ?? []) {
      const cycle = walk(imported, [...path, key]);
      if (cycle) return cycle;
    }
    state.set(key, 'done');
    return undefined;
  };
  for (const key of Object.keys(manifest)) {
    const cycle = walk(key, []);
    if (cycle) return cycle;
  }
  return undefined;
}

/**
 * Every JS file fetched before the first screen renders: the entry of `index.html`, its static
 * imports (which Vite also preloads), and the first-screen lazy chunks with their static imports.
 * Returns `{ totalGzipBytes, totalBytes, files: [{ file, chunk, bytes, gzipBytes, reason }], cycle }`,
 * files biggest first; `chunk` is the manifest's name for it; `cycle` the first chain of chunks
 * that import each other (their evaluation order is not guaranteed), if any.
 */
export async function shellFirstLoadBreakdown(distDir, { lazyChunks = FIRST_SCREEN_LAZY_CHUNKS } = {}) {
  const manifest = await readManifest(distDir);
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && manifest[key].src === 'index.html');
  if (!entryKey) throw new Error(`${join(distDir, MANIFEST_PATH)} no tiene la entrada index.html`);

  const counted = new Map();
  const queue = [{ key: entryKey, reason: 'entry' }];
  while (queue.length > 0) {
    const { key, reason } = queue.shift();
    const chunk = manifest[key];
    if (!chunk) throw new Error(`El manifiesto no describe ${key}`);
    if (counted.has(chunk.file)) continue;
    counted.set(chunk.file, { file: chunk.file, chunk: chunk.name ?? key, reason });
    for (const imported of chunk.imports ?? [])
      queue.push({ key: imported, reason: key === entryKey ? 'modulepreload' : `importado por ${chunk.file}` });
    for (const imported of chunk.dynamicImports ?? []) {
      if (lazyChunks.includes(manifest[imported]?.name ?? ''))
        queue.push({ key: imported, reason: 'primera pantalla' });
    }
  }

  const files = await Promise.all(
    [...counted.values()].map(async (entry) => {
      const content = await readFile(join(distDir, entry.file));
      const gzipBytes = gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length;
      return { ...entry, bytes: content.length, gzipBytes };
    }),
  );
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    totalGzipBytes: files.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0),
    totalBytes: files.reduce((sum, { bytes }) => sum + bytes, 0),
    files,
    cycle: chunkCycle(manifest),
  };
}

/**
 * Gzip bytes of the first-load JavaScript of the built web app in `distDir` (e.g. `apps/web/dist`).
 * @public bench/scale/measures/shell.ts imports this module by a path it computes, which knip does not follow.
 */
export async function shellFirstLoadGzipBytes(distDir) {
  return (await shellFirstLoadBreakdown(distDir)).totalGzipBytes;
}

const kilobytes = (bytes) =>
  (bytes / 1000).toLocaleString('es-ES', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The breakdown as a Markdown table (sizes in KB = 1000 bytes, Spanish number format). */
export function formatBreakdown({ files, totalBytes, totalGzipBytes }) {
  const rows = files.map(
    ({ file, bytes, gzipBytes, reason }) => `| ${file} | ${kilobytes(bytes)} | ${kilobytes(gzipBytes)} | ${reason} |`,
  );
  return [
    '| archivo | KB | KB gzip | por qué se descarga |',
    '|---|---:|---:|---|',
    ...rows,
    `| **total** | **${kilobytes(totalBytes)}** | **${kilobytes(totalGzipBytes)}** | límite ${kilobytes(SHELL_JS_BUDGET_GZIP_BYTES)} |`,
  ].join('\n');
}

// `node scripts/lib/shell-js-size.mjs [distDir]` prints the table of the current build.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const distDir =
    process.argv[2] ?? join(dirname(new URL(import.meta.url).pathname), '..', '..', 'apps', 'web', 'dist');
  const breakdown = await shellFirstLoadBreakdown(distDir);
  console.log(`JavaScript de la primera carga de ${relative(process.cwd(), distDir) || '.'}:\n`);
  console.log(formatBreakdown(breakdown));
}
