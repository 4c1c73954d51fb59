import { LIMITES_BUSQUEDA, type TrozoFragmento } from '@ecodigital/contracts/documentos';

/** Marks `ts_headline` puts around matched words; the stored text never holds them (see `normalizarTexto`). */
export const INICIO_RESALTE = '\uE000';
export const FIN_RESALTE = '\uE001';

/**
 * A fragment as pieces of plain text, the matched ones flagged: the web never renders markup that
 * came from a document. No mark at all (the match was in the name, or past the part of the text
 * that fragments are cut from) gives no fragment.
 */
export function trozosDeFragmento(fragmento: string | null): TrozoFragmento[] {
  if (!fragmento || !fragmento.includes(INICIO_RESALTE)) return [];
  const trozos: TrozoFragmento[] = [];
  for (const parte of fragmento.split(INICIO_RESALTE)) {
    const fin = parte.indexOf(FIN_RESALTE);
    if (fin === -1) {
      if (parte) trozos.push({ texto: parte, resaltado: false });
      continue;
    }
    trozos.push({ texto: parte.slice(0, fin), resaltado: true });
    const resto = parte.slice(fin + 1);
    if (resto) trozos.push({ texto: resto, resaltado: false });
  }
  // A fragment is a few dozen words (`MaxWords`): this cap is never reached by a real one. Two
  // places are kept for the «…» of `marcarCortes`.
  return trozos
    .slice(0, LIMITES_BUSQUEDA.trozosMax - 2)
    .map((trozo) => ({ ...trozo, texto: trozo.texto.replace(/\s+/g, ' ') }));
}

/** Words only: `ts_headline` keeps the words of what it cuts but may leave a final full stop out. */
const plano = (texto: string) => texto.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
/** How much of a fragment's start (or end) is compared with the document's own. */
const COMPARADO = 40;

/**
 * «…» before a fragment that does not begin where the document begins, and after one that does not
 * end where it ends, so nobody takes a cut sentence for the whole text. `inicio` and `fin` are the
 * first and last few hundred characters of the text the fragment was cut from.
 */
export function marcarCortes(trozos: TrozoFragmento[], inicio: string | null, fin: string | null): TrozoFragmento[] {
  if (trozos.length === 0) return trozos;
  const texto = plano(trozos.map((trozo) => trozo.texto).join(''));
  const marcados = [...trozos];
  if (!plano(inicio ?? '').startsWith(texto.slice(0, COMPARADO))) marcados.unshift({ texto: '… ', resaltado: false });
  if (!plano(fin ?? '').endsWith(texto.slice(-COMPARADO))) marcados.push({ texto: ' …', resaltado: false });
  return marcados;
}

/** A lexeme of a tsquery's text form, optionally a prefix (`:*`); a quote inside is doubled. */
const LEXEMA = /'((?:[^']|'')+)'(?::\*)?/g;
/** A phrase: lexemes joined by distance operators (`<->`, `<2>`). */
const CADENA = /'(?:[^']|'')+'(?::\*)?(?:\s*<(?:-|\d+)>\s*'(?:[^']|'')+'(?::\*)?)+/g;
const PIEZA = /'((?:[^']|'')+)'|<(-|\d+)>/g;

/** The stems a tsquery's text form names (`'licenci' & 'obra' <-> 'menor'`), as they appear in unaccented lower-case text. */
export function lexemasDe(consulta: string): string[] {
  return [...consulta.matchAll(LEXEMA)].map((encontrado) => encontrado[1]!.replace(/''/g, "'"));
}

/**
 * Each phrase of a tsquery (`'licenci' <2> 'obra' <-> 'menor'`) as a PostgreSQL regular expression
 * over unaccented lower-case text: every stem at the start of a word, and `<N>` as N − 1 words
 * between (stop words hold a place, as they do in the vector). Where the text writes a phrase some
 * other way the expression misses it, and the fragment is then cut from the whole text.
 */
export function frasesDe(consulta: string): string[] {
  return [...consulta.matchAll(CADENA)].flatMap(([cadena]) => {
    const piezas = [...cadena.matchAll(PIEZA)].map(([, lexema, distancia]) => {
      if (lexema !== undefined) return `\\m${escaparRegex(lexema.replace(/''/g, "'"))}\\w*`;
      const entre = distancia === '-' ? 0 : Number(distancia) - 1;
      if (entre > ENTRE_MAX) return undefined;
      return entre > 0 ? `(?:\\W+\\w+){${entre}}\\W+` : '\\W+';
    });
    return piezas.includes(undefined) ? [] : [piezas.join('')];
  });
}

/** PostgreSQL refuses a repetition count over 255; a phrase that long is placed by its words instead. */
const ENTRE_MAX = 100;

function escaparRegex(texto: string): string {
  return texto.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
