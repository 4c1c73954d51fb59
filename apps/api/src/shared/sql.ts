import type { SqlParams } from '../db/sql-params';

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

/**
 * A key that sorts `expresion` (a name) as Spanish does, on PostgreSQL and on PGlite alike:
 * accents and case ignored (Álvaro with the a's, before Bea; María before Marta), ñ after n and
 * before o. PGlite has no ICU collations (`"es-ES-x-icu"` fails there) and the database's own
 * collation may be C, so the key is built from `f_unaccent` (migration 003): ñ first becomes «n{»
 * («{» sorts right after «z»), then accents go and the ASCII letters are lowered.
 */
export const ordenEspanolSql = (expresion: string) =>
  `lower(f_unaccent(replace(replace(${expresion}, 'ñ', 'n{'), 'Ñ', 'N{'))) COLLATE "C"`;

/** A unidad and every unidad below it: filtering by «Urbanismo» includes its sections. */
export function unidadYDependientes(idParam: string): string {
  return `WITH RECURSIVE arbol(id) AS (
            SELECT ${idParam}::integer
            UNION
            SELECT u.id FROM unidad u JOIN arbol ON u.id_padre = arbol.id
          ) SELECT id FROM arbol`;
}

/** First instant of a `YYYY-MM-DD` day in Europe/Madrid. */
export function inicioDelDia(dia: string, params: SqlParams): string {
  return `(${params.add(dia)}::date)::timestamp AT TIME ZONE 'Europe/Madrid'`;
}

/** First instant of the day after, so the day itself is included whole. */
export function finDelDia(dia: string, params: SqlParams): string {
  return `(${params.add(dia)}::date + 1)::timestamp AT TIME ZONE 'Europe/Madrid'`;
}
