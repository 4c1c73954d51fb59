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

/**
 * The most of each thing an answer lists whole; everything else is paged. Creating one more is
 * refused (409) so a whole list stays whole: no answer grows without bound with what callers create.
 */
export const CAPACIDAD = {
  /** Entries of each editable catalogue (tipos de expediente, tipos documentales). */
  entradasDeCatalogo: 200,
  unidades: 2000,
  documentosPorExpediente: 2000,
  /** Grants in force on one expediente; the Accesos tab also lists the latest ended ones, up to `accesosListados`. */
  accesosVigentesPorExpediente: 200,
  accesosListados: 300,
  /** People listed to choose a responsable or a grantee; more need a search (not built yet). */
  personas: 5000,
  roles: 200,
  /** Roles of a person as their token carries them (shown, not used to decide). */
  rolesPorPersona: 100,
  permisos: 100,
  menu: 50,
} as const;
