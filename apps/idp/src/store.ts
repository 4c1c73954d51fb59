import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

interface Entry {
  value: unknown;
  /** Epoch milliseconds; absent = no expiry. */
  expiresAt?: number;
}

/**
 * Key-value storage for oidc-provider's sessions, grants and tokens, mirrored to a JSON file so a
 * restart of the development IdP does not sign anyone out. Not meant for more than one process.
 */
export class PersistentStore {
  readonly #entries = new Map<string, Entry>();
  readonly #file: string | undefined;
  #pendingSave: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(file?: string) {
    this.#file = file;
    if (file && existsSync(file)) {
      try {
        const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Entry>;
        for (const [key, entry] of Object.entries(stored)) this.#entries.set(key, entry);
      } catch {
        // A damaged file only costs the sessions it held: everyone signs in again.
      }
    }
  }

  get(key: string): unknown {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      this.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Expiry of a stored entry (epoch ms), to let an index outlive its longest member. */
  expiresAt(key: string): number | undefined {
    return this.#entries.get(key)?.expiresAt;
  }

  set(key: string, value: unknown, expiresAt?: number): void {
    this.#entries.set(key, expiresAt === undefined ? { value } : { value, expiresAt });
    this.#scheduleSave();
  }

  delete(key: string): void {
    if (this.#entries.delete(key)) this.#scheduleSave();
  }

  /** Writes pending changes and stops writing (the IdP is closing). */
  close(): void {
    this.flush();
    this.#closed = true;
  }

  flush(): void {
    clearTimeout(this.#pendingSave);
    this.#pendingSave = undefined;
    if (!this.#file || this.#closed) return;
    const now = Date.now();
    const live: Record<string, Entry> = {};
    for (const [key, entry] of this.#entries) {
      if (entry.expiresAt === undefined || entry.expiresAt > now) live[key] = entry;
    }
    const temporary = `${this.#file}.tmp`;
    writeFileSync(temporary, JSON.stringify(live), { mode: 0o600 });
    renameSync(temporary, this.#file);
  }

  #scheduleSave(): void {
    if (!this.#file || this.#closed || this.#pendingSave) return;
    // Batches the several writes one request makes into one file write.
    this.#pendingSave = setTimeout(() => this.flush(), 50);
    this.#pendingSave.unref();
  }
}
