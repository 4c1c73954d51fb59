/** `nombres apellidos` of a usuario row aliased `alias`, or the username when the identity provider gave no name. */
export const nombreCompletoSql = (alias: string) =>
  `coalesce(nullif(btrim(${alias}.nombres || ' ' || ${alias}.apellidos), ''), ${alias}.username)`;

/** `%`, `_` and `\\` typed by the person are searched for literally in a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Today in Europe/Madrid, the calendar a grant's `hasta` is written in. */
export const HOY_MADRID = `(now() AT TIME ZONE 'Europe/Madrid')::date`;

/**
 * A recursive CTE named `nombre` holding `unidad` (an SQL expression) and every unidad above it:
 * whoever belongs to one of them belongs to `unidad` for the purposes of sight and responsabilidad.
 * Goes after `WITH RECURSIVE`.
 */
export const unidadYSuperioresCte = (nombre: string, unidad: string) =>
  `${nombre}(id) AS (
     SELECT ${unidad}::integer
     UNION
     SELECT u.id_padre FROM unidad u JOIN ${nombre} ON u.id = ${nombre}.id WHERE u.id_padre IS NOT NULL
   )`;
