/**
 * What other modules may use of the expedientes module (the lint rules allow no other door): who
 * sees which expediente, reading one, its historial, and its life cycle.
 */
export {
  alcanceReducido,
  asegurarGestion,
  expedientesVisibles,
  idsVisiblesSql,
  veTodosLosExpedientes,
} from './visibility';
export { findExpediente } from './expedientes.repository';
export { expedienteParaGestionar } from './para-gestionar';
export { leerSobreExpediente, type GestionPor } from './base-de-gestion';
export { findEventosConContexto, insertEvento, registrarLectura, type EventoConContexto } from './historial.repository';
export { expedienteNoExiste, gestionPorAcceso, MENSAJES_EXPEDIENTE } from './expedientes.mensajes';
export { admiteCambios, asegurarAdmiteCambios } from './life-cycle';
/** Opens an expediente inside a transaction of another module (the ENI import). */
export { abrirExpediente } from './expedientes.service';
