import { createReloadGuard } from '../lib/reload-guard';

const chunkReloadGuard = createReloadGuard('ecodigital.chunkReloadAt');

const CHUNK_LOAD_MESSAGES = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
  /loading (css )?chunk .+ failed/i,
];

/** True for the errors browsers and Vite raise when a lazily loaded part of the app cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_LOAD_MESSAGES.some((pattern) => pattern.test(error.message));
}

/**
 * Vite dispatches `vite:preloadError` when a view fails to load (typically after a new deployment
 * removed the old files) and rethrows unless the event is handled. The first failure in a minute
 * reloads the page; a second one, or one while offline, is left to the error boundary, which
 * offers "Recargar".
 */
export function installPreloadErrorHandler(reload: () => void = () => window.location.reload()): void {
  window.addEventListener('vite:preloadError', (event) => {
    // Offline a reload only swaps the page (and what was typed) for the browser's error page.
    if (!navigator.onLine || !chunkReloadGuard.claim()) return;
    event.preventDefault();
    reload();
  });
}
