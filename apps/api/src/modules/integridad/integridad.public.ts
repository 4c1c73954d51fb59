/** What other modules may use of the integridad module (the lint rules allow no other door). */
export { archivoAusenteAlServir, comprobandoAlServir, intactoAntesDeUnRango, type Servicio } from './al-servir';
export { findHallazgosNoVistos, contarHallazgosNoVistos } from './notificados';
