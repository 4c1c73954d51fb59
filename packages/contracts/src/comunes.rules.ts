// Plain constants shared by every contract, without schemas (see the other `.rules.ts` files).

/** PostgreSQL `integer`: an id, version or page past it is refused before it reaches SQL. */
export const ENTERO_MAXIMO = 2_147_483_647;

/**
 * `aaaa-mm-dd` from year 1000 to 9999: PostgreSQL has no year 0, and nothing an office files is
 * older. The `date` format checks the day exists in its month.
 */
export const FECHA_PATTERN = '^[1-9][0-9]{3}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$';

/** Deepest page `page` may name: 100 rows a page, this many pages, is past any real archive. */
export const PAGINA_MAXIMA = 10_000_000;
