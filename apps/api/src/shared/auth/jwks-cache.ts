import { createLocalJWKSet, errors as joseErrors, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';

/**
 * The identity provider's signing keys, kept so that people already signed in keep working while
 * the provider cannot be reached.
 *
 * - Fresh keys (younger than `freshMs`) are used as they are.
 * - Older keys are still used at once, and refreshed in the background (at most once per cooldown).
 * - Keys older than `maxStaleMs` since the last successful fetch are no longer trusted: a key the
 *   provider withdrew must stop opening the API some time, even if the provider is down.
 * - A token signed by a key the cache does not know triggers one fetch per cooldown, so forged
 *   `kid`s cannot turn every request into a fetch.
 */
export interface JwksCacheOptions {
  jwksUri: () => Promise<string>;
  freshMs?: number;
  maxStaleMs?: number;
  cooldownMs?: number;
  timeoutMs?: number;
  now?: () => number;
}

export interface JwksStatus {
  /** `vigentes`: fetched recently; `en_cache`: the provider did not answer, older keys in use; `sin_claves`: none usable. */
  estado: 'vigentes' | 'en_cache' | 'sin_claves';
  obtenidas: string | null;
  validasHasta: string | null;
  ultimoError: string | null;
}

export class KeysUnavailableError extends Error {
  override name = 'KeysUnavailableError';
}

export interface JwksCache {
  getKey: JWTVerifyGetKey;
  status(): JwksStatus;
  /** Fetches now unless usable keys are already held (health checks, start-up). */
  ensure(): Promise<void>;
}

export function createJwksCache(options: JwksCacheOptions): JwksCache {
  const freshMs = options.freshMs ?? 10 * 60_000;
  const maxStaleMs = options.maxStaleMs ?? 24 * 3_600_000;
  const cooldownMs = options.cooldownMs ?? 30_000;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const now = options.now ?? Date.now;

  let local: ReturnType<typeof createLocalJWKSet> | undefined;
  let fetchedAt: number | undefined;
  let lastAttemptAt = Number.NEGATIVE_INFINITY;
  let lastError: string | undefined;
  let inFlight: Promise<void> | undefined;

  const age = () => (fetchedAt === undefined ? Number.POSITIVE_INFINITY : now() - fetchedAt);
  const usable = () => local !== undefined && age() <= maxStaleMs;

  function refresh(): Promise<void> {
    inFlight ??= (async () => {
      lastAttemptAt = now();
      try {
        const response = await fetch(await options.jwksUri(), {
          signal: AbortSignal.timeout(timeoutMs),
          headers: { accept: 'application/json' },
        });
        if (!response.ok) throw new Error(`el JWKS respondió ${response.status}`);
        const body = (await response.json()) as JSONWebKeySet;
        if (!body || !Array.isArray(body.keys)) throw new Error('el JWKS no tiene «keys»');
        local = createLocalJWKSet(body);
        fetchedAt = now();
        lastError = undefined;
      } catch (error) {
        lastError = (error as Error).message;
        throw error;
      } finally {
        inFlight = undefined;
      }
    })();
    return inFlight;
  }

  async function refreshOrExplain(): Promise<void> {
    try {
      await refresh();
    } catch (error) {
      throw new KeysUnavailableError(`claves del proveedor de identidad: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }

  const coolingDown = () => now() - lastAttemptAt < cooldownMs;

  return {
    async getKey(header, token) {
      if (!usable()) {
        await refreshOrExplain();
      } else if (age() > freshMs && !coolingDown()) {
        refresh().catch(() => {});
      }
      try {
        return await local!(header, token);
      } catch (error) {
        if (!(error instanceof joseErrors.JWKSNoMatchingKey) || coolingDown()) throw error;
        await refreshOrExplain();
        return local!(header, token);
      }
    },
    status() {
      const keysUsable = usable();
      return {
        estado: !keysUsable ? 'sin_claves' : lastError === undefined ? 'vigentes' : 'en_cache',
        obtenidas: fetchedAt === undefined ? null : new Date(fetchedAt).toISOString(),
        validasHasta: fetchedAt === undefined ? null : new Date(fetchedAt + maxStaleMs).toISOString(),
        ultimoError: lastError ?? null,
      };
    },
    async ensure() {
      if (usable() && (age() <= freshMs || coolingDown())) return;
      await refresh().catch(() => {});
    },
  };
}
