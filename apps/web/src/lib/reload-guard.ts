import { AUTO_RELOAD_MIN_INTERVAL_MS } from './constants';

/** True when no automatic reload under this guard happened within the last minute. */
export function isReloadAllowed(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt >= AUTO_RELOAD_MIN_INTERVAL_MS;
}

export interface ReloadGuard {
  /** Records the reload and returns true when allowed; returns false (and records nothing) otherwise. */
  claim(now?: number): boolean;
}

/**
 * A once-per-minute guard kept in sessionStorage, so it survives the reload it allows:
 * an unreachable identity provider or a missing chunk must never cause a reload loop.
 */
export function createReloadGuard(storageKey: string, storage: Storage = sessionStorage): ReloadGuard {
  return {
    claim(now = Date.now()) {
      const stored = Number(storage.getItem(storageKey));
      const lastReloadAt = Number.isFinite(stored) && stored > 0 ? stored : null;
      if (!isReloadAllowed(lastReloadAt, now)) return false;
      storage.setItem(storageKey, String(now));
      return true;
    },
  };
}
