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
