import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installPreloadErrorHandler, isChunkLoadError } from './chunk-load';

describe('isChunkLoadError', () => {
  it('recognises the browsers’ failed dynamic import messages', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
  });
  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('vite:preloadError handling', () => {
  beforeEach(() => sessionStorage.clear());

  it('handles the first failure (reload) and lets a second one within a minute through', () => {
    let reloads = 0;
    installPreloadErrorHandler(() => (reloads += 1));
    const first = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true);
    expect(reloads).toBe(1);
    expect(sessionStorage.getItem('ecodigital.chunkReloadAt')).not.toBeNull();

    const second = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(second);
    expect(second.defaultPrevented).toBe(false);
    expect(reloads).toBe(1);
  });

  it('never reloads while the browser is offline: the page (and what was typed) would be lost', () => {
    let reloads = 0;
    installPreloadErrorHandler(() => (reloads += 1));
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const offline = new Event('vite:preloadError', { cancelable: true });
      window.dispatchEvent(offline);
      expect(offline.defaultPrevented).toBe(false);
      expect(reloads).toBe(0);
      expect(sessionStorage.getItem('ecodigital.chunkReloadAt')).toBeNull();
    } finally {
      onLine.mockRestore();
    }
  });
});
