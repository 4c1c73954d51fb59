/** What other modules may use of the documentos module (the lint rules allow no other door). */
export { ocrDisponible } from './texto/ocr';
export { COLA_TEXTO } from './texto/cola';
export { verificarAhora } from './verificacion.service';
