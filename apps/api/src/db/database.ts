export type Row = Record<string, unknown>;

export interface Queryable {
  /** One statement with `$1…` parameters. */
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** What the application needs from PostgreSQL, whether a server (`pg`) or embedded (PGlite). */
export interface Database extends Queryable {
  readonly kind: 'postgres' | 'pglite';
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * The database cannot take this request now (no free connection within the wait, the server is
 * restarting or refusing connections): the request may succeed later, so callers answer 503.
 */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}
