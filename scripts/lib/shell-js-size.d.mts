export const SHELL_JS_BUDGET_GZIP_BYTES: number;
export const FIRST_SCREEN_LAZY_CHUNKS: string[];

export interface FirstLoadFile {
  /** Path inside the dist folder, e.g. `assets/react-Cy1aey7t.js`. */
  file: string;
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
}

export function chunkName(file: string): string;
export function shellFirstLoadBreakdown(
  distDir: string,
  options?: { lazyChunks?: string[] },
): Promise<FirstLoadBreakdown>;
export function shellFirstLoadGzipBytes(distDir: string): Promise<number>;
export function formatBreakdown(breakdown: FirstLoadBreakdown): string;
