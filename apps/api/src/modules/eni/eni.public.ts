/** What other modules may use of the eni module (the lint rules allow no other door). */
/** Signs a PDF with the institution's seal (PAdES), and checks such a signature. */
export { firmarPdf, verificarPdf } from './pades';
export type { Sello } from './sello';
/**
 * The PDF of the latest signed índice while it still covers the expediente's documents; and every
 * stored signature of an expediente checked again (a restore checks them as «Verificar integridad»).
 */
export { indiceFirmadoVigente, verificarFirmas } from './firmas.service';
