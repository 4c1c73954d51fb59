/** `nombres apellidos` of a usuario row aliased `alias`, or the username when the identity provider gave no name. */
export const nombreCompletoSql = (alias: string) =>
  `coalesce(nullif(btrim(${alias}.nombres || ' ' || ${alias}.apellidos), ''), ${alias}.username)`;
