import type { TrozoFragmento } from '@ecodigital/contracts/documentos';

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
  return trozos.map((trozo) => ({ ...trozo, texto: trozo.texto.replace(/\s+/g, ' ') }));
}
