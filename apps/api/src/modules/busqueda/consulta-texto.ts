import type { SqlParams } from '../../db/sql-params';

/** One piece of what a person typed: a word, or a phrase in quotes; `-` before it excludes it. */
export interface Termino {
  tipo: 'palabra' | 'frase';
  texto: string;
  excluido: boolean;
}

/**
 * Reads a search as people type it: words (all must appear), "phrases in quotes" (words in that
 * order), `-palabra` to exclude, and `o`/`OR` between alternatives. Answers the alternatives, each
 * a list of terms; an alternative without any word to look for is dropped.
 */
export function leerBusqueda(q: string): Termino[][] {
  const alternativas: Termino[][] = [[]];
  const patron = /(-?)"([^"]*)"?|(\S+)/g;
  for (const encontrado of q.matchAll(patron)) {
    const [, menos, frase, suelto] = encontrado;
    if (suelto === 'OR' || suelto === 'o' || suelto === 'O' || suelto === '|') {
      alternativas.push([]);
      continue;
    }
    const actual = alternativas.at(-1)!;
    if (frase !== undefined) {
      if (frase.trim()) actual.push({ tipo: 'frase', texto: frase.trim(), excluido: menos === '-' });
      continue;
    }
    const excluido = suelto!.startsWith('-') && suelto!.length > 1;
    const texto = excluido ? suelto!.slice(1) : suelto!;
    actual.push({ tipo: 'palabra', texto, excluido });
  }
  return alternativas.filter((terminos) => terminos.some((termino) => !termino.excluido));
}

/**
 * The tsquery of a search as SQL, each piece a parameter (nothing typed becomes SQL or tsquery
 * syntax): words through `busqueda_palabra` (stem without accents, or prefix), phrases through
 * `phraseto_tsquery`, `&&` within an alternative, `||` between them. `undefined` when nothing
 * remains to look for.
 */
export function consultaSql(alternativas: Termino[][], params: SqlParams): string | undefined {
  if (alternativas.length === 0) return undefined;
  const partes = alternativas.map((terminos) => {
    const piezas = terminos.map((termino) => {
      const valor = params.add(termino.texto);
      const pieza =
        termino.tipo === 'frase' ? `phraseto_tsquery('es_sin_tildes', ${valor})` : `busqueda_palabra(${valor})`;
      return termino.excluido ? `!!(${pieza})` : pieza;
    });
    return `(${piezas.join(' && ')})`;
  });
  return partes.join(' || ');
}

/**
 * Any searched word or phrase, as SQL (`||` between them, excluded ones left out): what places a
 * fragment when no single piece of the text holds the whole search, as when its words are far apart.
 */
export function cualquierTerminoSql(alternativas: Termino[][], params: SqlParams): string | undefined {
  const buscados = alternativas.flat().filter((termino) => !termino.excluido);
  return consultaSql(
    buscados.map((termino) => [termino]),
    params,
  );
}
