export const SHELL_JS_BUDGET_GZIP_BYTES: number;

export interface FirstLoadFile {
  /** Path inside the dist folder, e.g. `assets/react-Cy1aey7t.js`. */
  file: string;
  /** The chunk's name in Vite's manifest, e.g. `react` or `InicioView`. */
  chunk: string;
  bytes: number;
  gzipBytes: number;
  /** Why the browser fetches it: `entry`, `modulepreload`, `primera pantalla` or `importado por <file>`. */
  reason: string;
}

export interface FirstLoadBreakdown {
  totalGzipBytes: number;
  totalBytes: number;
  /** Biggest first (gzip). */
  files: FirstLoadFile[];
  /** Chunks of the build that import each other, e.g. `[a, b, a]`; undefined when there are none. */
  cycle: string[] | undefined;
}

export function shellFirstLoadBreakdown(
  distDir: string,
  options?: { lazyChunks?: string[] },
): Promise<FirstLoadBreakdown>;
export function shellFirstLoadGzipBytes(distDir: string): Promise<number>;
export function formatBreakdown(breakdown: FirstLoadBreakdown): string;
