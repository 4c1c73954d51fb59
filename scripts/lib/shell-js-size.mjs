// Measures the JavaScript the browser downloads for the first screen of the built web app (`/`:
// the shell and Inicio), as gzip at level 9. The API serves the files uncompressed today; level 9 is
// what a compressing reverse proxy or a precompressed `.gz` would send at best, and it does not
// depend on the machine, so the figure is deterministic for a given build.
import { readFile } from 'node:fs/promises';
import { dirname, join, posix, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

/** Issue 6: "shell JS on first load, gzip ≤ 250 KB" (1 KB = 1000 bytes, as Vite prints sizes). */
export const SHELL_JS_BUDGET_GZIP_BYTES = 250_000;

/**
 * Lazy chunks the first screen of `/` requests without anyone clicking: `main.ts` imports
 * `app/mount` while the sign-in runs, the router loads the view of `/` (`InicioView`) as soon as it
 * renders, and Inicio's two charts load when their figures arrive (the chart of documentos only
 * when there are documentos). Named as Vite names chunks: the source file's base name.
 */
export const FIRST_SCREEN_LAZY_CHUNKS = ['mount', 'InicioView', 'MonthlyChart', 'TipoDocumentalChart'];

const relativeJs = String.raw`(\.{1,2}\/[^"'\`]+\.js)`;
// `import{a}from"./x.js"`, `export*from"./x.js"`, `import"./x.js"`; not `import("./x.js")`.
const STATIC_IMPORT = new RegExp(String.raw`(?:\bfrom|\bimport)\s*["'\`]${relativeJs}["'\`]`, 'g');
const DYNAMIC_IMPORT = new RegExp(String.raw`\bimport\(\s*["'\`]${relativeJs}["'\`]\s*\)`, 'g');
const HTML_ATTRIBUTES = /<(script|link)\b([^>]*)>/gi;

/** `InicioView-C5Vs4vJg.js` → `InicioView` (Vite appends an 8-character hash). */
export function chunkName(file) {
  const base = posix.basename(file);
  return base.replace(/-[\w-]{8}\.js$/, '').replace(/\.js$/, '');
}

function attribute(attributes, name) {
  return new RegExp(String.raw`\b${name}\s*=\s*["']([^"']+)["']`, 'i').exec(attributes)?.[1];
}

/** Module scripts and modulepreloads of `index.html`, as paths relative to the dist folder. */
function htmlEntries(html) {
  const entries = [];
  for (const [, tag, attributes] of html.matchAll(HTML_ATTRIBUTES)) {
    const isModuleScript = tag.toLowerCase() === 'script' && attribute(attributes, 'type') === 'module';
    const isPreload = tag.toLowerCase() === 'link' && attribute(attributes, 'rel') === 'modulepreload';
    const url = isModuleScript ? attribute(attributes, 'src') : isPreload ? attribute(attributes, 'href') : undefined;
    if (url && !/^[a-z]+:\/\//i.test(url))
      entries.push({ file: url.replace(/^\//, ''), reason: isModuleScript ? 'entry' : 'modulepreload' });
  }
  return entries;
}

/**
 * Every JS file fetched before the first screen renders: the entry script, its modulepreloads,
 * what they import statically, and the first-screen lazy chunks with their static imports.
 * Returns `{ totalGzipBytes, totalBytes, files: [{ file, bytes, gzipBytes, reason }] }`, biggest first.
 */
export async function shellFirstLoadBreakdown(distDir, { lazyChunks = FIRST_SCREEN_LAZY_CHUNKS } = {}) {
  const html = await readFile(join(distDir, 'index.html'), 'utf8');
  const entries = htmlEntries(html);
  if (!entries.some((entry) => entry.reason === 'entry')) {
    throw new Error(`${join(distDir, 'index.html')} no carga ningún script de tipo módulo`);
  }

  const files = new Map();
  const queue = [...entries];
  while (queue.length > 0) {
    const { file, reason } = queue.shift();
    if (files.has(file)) continue;
    const content = await readFile(join(distDir, file));
    files.set(file, {
      file,
      bytes: content.length,
      gzipBytes: gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length,
      reason,
    });

    const source = content.toString('utf8');
    const resolve = (specifier) => posix.normalize(posix.join(posix.dirname(file), specifier));
    for (const [, specifier] of source.matchAll(STATIC_IMPORT))
      queue.push({ file: resolve(specifier), reason: `importado por ${file}` });
    for (const [, specifier] of source.matchAll(DYNAMIC_IMPORT)) {
      if (lazyChunks.includes(chunkName(specifier)))
        queue.push({ file: resolve(specifier), reason: 'primera pantalla' });
    }
  }

  const list = [...files.values()].sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    totalGzipBytes: list.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0),
    totalBytes: list.reduce((sum, { bytes }) => sum + bytes, 0),
    files: list,
  };
}

/** Gzip bytes of the first-load JavaScript of the built web app in `distDir` (e.g. `apps/web/dist`). */
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
