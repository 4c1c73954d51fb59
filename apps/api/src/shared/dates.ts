/** A timestamp from PostgreSQL (a `Date` from pg, a string from PGlite) as ISO 8601 in UTC. */
export const isoString = (value: Date | string) => new Date(value).toISOString();
