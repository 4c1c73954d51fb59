/** What other modules may use of the documentos module (the lint rules allow no other door). */
export { ocrDisponible } from './texto/ocr';
export { COLA_TEXTO } from './texto/cola';
export { verificarAhora } from './verificacion.service';
export { indiceDe } from './documentos.service';
/** The índice as a PDF (loaded on first use: pdf-lib and its fonts are not needed to start). */
export const indicePdf: (typeof import('./indice-pdf'))['indicePdf'] = async (indice) =>
  (await import('./indice-pdf')).indicePdf(indice);
export { contentDisposition } from './descarga';
/** 410 naming the acta de eliminación that destroyed a document's bytes. */
export { documentoEliminado } from './documentos.mensajes';
/** Files one document the way an upload does (the demo generator files its documents through it). */
export { incorporarArchivo } from './subida.service';
/** Files one checked document of an ENI import inside the import's transaction. */
export { incorporarImportado } from './subida.service';
export { detectFormat } from './inspection/detect-format';
export { ZipArchive } from './inspection/zip-archive';
export { ARCHIVE_MAX_BYTES, ENTRY_MAX_BYTES, type ZipEntry } from './inspection/zip-archive';
export { ErrorDeExtraccion } from './texto/resultado';
