/**
 * A plain-SQL dump, made loadable by both PostgreSQL 15 and the embedded PGlite (PostgreSQL 18),
 * whichever made it. Dropped: psql's `\restrict` meta-commands (the statements are run by us, not
 * psql), settings a PostgreSQL older than the dumping pg_dump does not know, and comments on
 * extensions (only their owner may set them; the extension itself is created as usual).
 */
export function sqlCargable(volcado: string): string {
  return volcado
    .split('\n')
    .filter(
      (linea) =>
        !/^\\(un)?restrict\b/.test(linea) &&
        !/^SET transaction_timeout\b/.test(linea) &&
        !/^COMMENT ON EXTENSION\b/.test(linea),
    )
    .join('\n');
}
