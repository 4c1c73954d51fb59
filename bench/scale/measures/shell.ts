/**
 * The JavaScript the web app's shell loads on first visit, gzip-compressed, as counted by the
 * shared budget helper (`scripts/lib/shell-js-size.mjs`, also used by `npm test`) on a fresh build.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { numero, type Measure } from '../measure';

const KB = 1000;

interface StackModule {
  webBuildIsCurrent(): boolean;
  buildWeb(options: { quiet: boolean }): Promise<void>;
}

interface ShellSizeModule {
  shellFirstLoadGzipBytes(distDir: string): Promise<number>;
  /** Issue 6: 250 KB. */
  SHELL_JS_BUDGET_GZIP_BYTES: number;
}

export async function measureShell(repoRoot: string): Promise<Measure> {
  const stack = (await import(pathToFileURL(path.join(repoRoot, 'scripts/lib/stack.mjs')).href)) as StackModule;
  if (!stack.webBuildIsCurrent()) {
    console.log('Compilando la web…');
    await stack.buildWeb({ quiet: true });
  }
  const helper = path.join(repoRoot, 'scripts/lib/shell-js-size.mjs');
  for (let waited = 0; !existsSync(helper); waited++) {
    if (waited % 12 === 0) console.log(`Esperando a ${path.relative(repoRoot, helper)}…`);
    await sleep(5_000);
  }
  const { shellFirstLoadGzipBytes, SHELL_JS_BUDGET_GZIP_BYTES: budget } = (await import(
    pathToFileURL(helper).href
  )) as ShellSizeModule;
  const bytes = await shellFirstLoadGzipBytes(path.join(repoRoot, 'apps/web/dist'));
  return {
    medida: 'JS del armazón de la web en la primera carga (gzip)',
    valor: `${numero(bytes / KB, 1)} KB`,
    base: '—',
    ratio: '—',
    objetivo: `≤ ${numero(budget / KB, 0)} KB`,
    cumple: bytes <= budget,
    datos: { bytes_gzip: bytes },
  };
}
