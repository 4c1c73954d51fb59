import { ESTADO_ETIQUETAS, type EstadoExpediente } from '@ecodigital/contracts/expedientes';
import { ApiHttpError } from '../../shared/errors';

export const MENSAJES_EXPEDIENTE = {
  noExiste: 'El expediente no existe.',
  modificado: 'El expediente fue modificado por otro usuario. Recargue para ver los cambios.',
  cerrado: 'El expediente está cerrado.',
  tipoNoExiste: 'El tipo de expediente indicado no existe.',
  unidadNoExiste: 'La unidad indicada no existe.',
  responsableNoExiste: 'El responsable indicado no existe.',
  motivoReabrir: 'Indique el motivo para reabrir el expediente.',
  creado: 'Expediente creado.',
  actualizado: 'Expediente actualizado.',
  sinCambios: 'No hay cambios.',
  cursorNoValido: 'El cursor de paginación no es válido para este orden. Vuelva a la primera página.',
} as const;

export const expedienteNoExiste = () => new ApiHttpError(404, MENSAJES_EXPEDIENTE.noExiste, 'NOT_FOUND');
export const versionObsoleta = () => new ApiHttpError(409, MENSAJES_EXPEDIENTE.modificado, 'VERSION_CONFLICT');
export const expedienteCerrado = () => new ApiHttpError(409, MENSAJES_EXPEDIENTE.cerrado, 'EXPEDIENTE_CERRADO');

export const transicionNoPermitida = (desde: EstadoExpediente, hacia: EstadoExpediente) =>
  new ApiHttpError(
    409,
    `No se puede pasar de «${ESTADO_ETIQUETAS[desde]}» a «${ESTADO_ETIQUETAS[hacia]}».`,
    'TRANSICION_NO_PERMITIDA',
  );

export function mensajeCambioEstado(desde: EstadoExpediente, hacia: EstadoExpediente): string {
  if (desde === 'cerrado' && hacia === 'en_tramite') return 'Expediente reabierto.';
  return `El expediente pasó a «${ESTADO_ETIQUETAS[hacia]}».`;
}
