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
