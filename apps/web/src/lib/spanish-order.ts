/**
 * Spanish order for names shown in the browser: Álvaro before Bea, María before Marta, ñ after n.
 * The API sorts with the same rule (`ordenEspanolSql`); one collator, built once.
 */
const collator = new Intl.Collator('es', { sensitivity: 'base' });

export const compararEspanol = (a: string, b: string): number => collator.compare(a, b);
