/**
 * A small per-process cache whose entries expire after `ttlMs`: lookups every authenticated
 * request needs (the caller's usuario, the permisos of their roles, their menu). A failed load is
 * not remembered; the oldest entry goes when `maxEntries` is reached.
 */
export class ExpiringCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry && entry.expires > now) return entry.value;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    const value = load();
    this.entries.set(key, { value, expires: now + this.ttlMs });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** One cache per database object: two apps in one process (tests) never share. */
export function perDatabase<D extends object, C>(create: () => C): (db: D) => C {
  const caches = new WeakMap<D, C>();
  return (db) => {
    let cache = caches.get(db);
    if (!cache) {
      cache = create();
      caches.set(db, cache);
    }
    return cache;
  };
}
