import { basename, extname } from 'node:path';
import type { Plugin, Rollup } from 'vite';

type Context = Rollup.PluginContext;

const IMPORT_FROM = /\bimport\s*(?:([\w$]+)\s*,?\s*)?(?:\{([^}]*)\}|\*\s*as\s+[\w$]+)?\s*from\s*["']([^"']+)["']/g;
const EXPORT_FROM = /\bexport\s*(?:\{([^}]*)\}|\*)\s*from\s*["']([^"']+)["']/g;
const ALL = '*';

/** A module that re-exports others (`antd`'s index, `@ant-design/icons`', antd's `_util/hooks`). */
function isBarrel(code: string | null | undefined): boolean {
  return (code ?? '').search(EXPORT_FROM) !== -1;
}

/** `a, b as c, default as D` → the names as seen by the importer (`b`, `D`) or the exporter. */
function names(list: string | undefined, side: 'imported' | 'exported'): string[] {
  return (list ?? '')
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [left, right] = part.split(/\s+as\s+/);
      return side === 'imported' ? left! : (right ?? left)!;
    });
}

/**
 * Library modules the first screen imports statically, walking the module graph from the app's
 * first-screen modules. At a package index it follows only the names imported from it, so
 * `import { Button } from 'antd'` brings Button, not all of antd.
 */
async function firstScreenLibraryIds(ctx: Context, roots: string[], skip: RegExp | undefined): Promise<Set<string>> {
  const libraries = new Set<string>();
  const visited = new Set<string>();
  const barrelNames = new Map<string, Set<string>>();

  async function followBarrel(barrel: string, wanted: string[]): Promise<void> {
    const seen = barrelNames.get(barrel) ?? new Set<string>();
    barrelNames.set(barrel, seen);
    const fresh = wanted.filter((name) => !seen.has(name));
    if (fresh.length === 0) return;
    fresh.forEach((name) => seen.add(name));
    if (barrel.includes('/node_modules/')) libraries.add(barrel);
    const code = ctx.getModuleInfo(barrel)?.code ?? '';
    for (const [, , , source] of code.matchAll(IMPORT_FROM)) await visitSpecifier(source!, barrel, [ALL]);
    for (const [, list, source] of code.matchAll(EXPORT_FROM)) {
      const star = !list;
      const exported = star ? [] : names(list, 'exported');
      const local = star ? [] : names(list, 'imported');
      const requested = star
        ? fresh
        : fresh.includes(ALL)
          ? local
          : local.filter((_, index) => fresh.includes(exported[index]!));
      if (requested.length > 0) await visitSpecifier(source!, barrel, requested);
    }
  }

  async function visitSpecifier(source: string, importer: string, wanted: string[]): Promise<void> {
    const resolved = await ctx.resolve(source, importer);
    if (!resolved || resolved.external) return;
    if (isBarrel(ctx.getModuleInfo(resolved.id)?.code)) await followBarrel(resolved.id, wanted);
    else await visit(resolved.id);
  }

  async function visit(id: string): Promise<void> {
    if (visited.has(id) || skip?.test(id)) return;
    visited.add(id);
    const info = ctx.getModuleInfo(id);
    if (!info) return;
    if (id.includes('/node_modules/')) libraries.add(id);
    const barrels = info.importedIds.filter((imported) => isBarrel(ctx.getModuleInfo(imported)?.code));
    for (const imported of info.importedIds) if (!barrels.includes(imported)) await visit(imported);
    if (barrels.length === 0) return;
    for (const [, defaultName, list, source] of (info.code ?? '').matchAll(IMPORT_FROM)) {
      const wanted = [
        ...(defaultName ? ['default'] : []),
        ...(list === undefined && !defaultName ? [ALL] : names(list, 'imported')),
      ];
      await visitSpecifier(source!, id, wanted.length > 0 ? wanted : [ALL]);
    }
  }

  for (const root of roots) await visit(root);
  return libraries;
}

/** A chunk that statically imports itself through others, e.g. `a → b → a`, or undefined. */
function chunkCycle(bundle: Rollup.OutputBundle): string[] | undefined {
  const imports = new Map<string, string[]>();
  for (const [file, output] of Object.entries(bundle)) if (output.type === 'chunk') imports.set(file, output.imports);
  const state = new Map<string, 'open' | 'done'>();
  const walk = (file: string, path: string[]): string[] | undefined => {
    if (state.get(file) === 'open') return [...path.slice(path.indexOf(file)), file];
    if (state.get(file) === 'done') return undefined;
    state.set(file, 'open');
    for (const imported of imports.get(file) ?? []) {
      const cycle = walk(imported, [...path, file]);
      if (cycle) return cycle;
    }
    state.set(file, 'done');
    return undefined;
  };
  for (const file of imports.keys()) {
    const cycle = walk(file, []);
    if (cycle) return cycle;
  }
  return undefined;
}

/**
 * Puts the library modules the first screen imports statically into one chunk. Left to automatic
 * splitting they came in some 30 small files, each gzipped on its own (no shared dictionary) and
 * each with its own import/export lines: as one file they are about 14 KB gzip smaller. Only what
 * the first screen loads anyway goes in, so no lazy view makes the first load bigger.
 *
 * The group must not capture dependencies recursively (that follows every static import, also
 * the ones tree-shaking drops, and brought the form engine back). Without it the bundler may
 * produce chunks that import each other, whose evaluation order is not guaranteed: the build
 * fails when that happens.
 *
 * `firstScreenModules`: base names (no extension) of the app's modules that `/` loads at once.
 * `skip`: modules declared free of import-time effects. The walk cannot tell which of their exports
 * are used, and a module captured by a group keeps code tree-shaking would otherwise drop.
 */
export function firstScreenLibraries(
  firstScreenModules: string[],
  { skip }: { skip?: RegExp } = {},
): { plugin: Plugin; test: (id: string) => boolean } {
  let libraries = new Set<string>();
  const isAppModule = (id: string) => !id.includes('/node_modules/') && id.includes('/src/');
  const plugin: Plugin = {
    name: 'first-screen-libraries',
    apply: 'build',
    async buildEnd() {
      const roots = [...this.getModuleIds()].filter(
        (id) => isAppModule(id) && firstScreenModules.includes(basename(id, extname(id))),
      );
      libraries = await firstScreenLibraryIds(this, roots, skip);
    },
    generateBundle(_options, bundle) {
      const cycle = chunkCycle(bundle);
      if (cycle) this.error(`Chunks import each other (${cycle.join(' → ')}): check the groups of vite.config.ts.`);
    },
  };
  return { plugin, test: (id) => libraries.has(id) };
}
