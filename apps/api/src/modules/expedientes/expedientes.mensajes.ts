import { ESTADO_ETIQUETAS, type EstadoExpediente } from '@ecodigital/contracts/expedientes';
import { ApiHttpError } from '../../shared/errors';

export const MENSAJES_EXPEDIENTE = {
  noExiste: 'El expediente no existe.',
  modificado: 'El expediente fue modificado por otro usuario. Recargue para ver los cambios.',
  cerrado: 'El expediente está cerrado.',
  tipoNoExiste: 'El tipo de expediente indicado no existe.',
  unidadNoExiste: 'La unidad indicada no existe.',
  unidadNoPropia: 'Solo puede abrir expedientes en sus unidades (o en las que dependen de ellas).',
  sinUnidades: 'No pertenece a ninguna unidad: pida a un administrador que le asigne una para abrir expedientes.',
  unidadInactiva: 'La unidad indicada está desactivada y no admite expedientes nuevos.',
  tipoInactivo: 'El tipo de expediente indicado está desactivado.',
  unidadPorTransferencia: 'La unidad responsable se cambia con «Transferir», indicando el motivo.',
  mismaUnidad: 'El expediente ya pertenece a esa unidad.',
  transferido: 'Expediente transferido.',
  remitido:
    'El índice de este expediente está cerrado para remisión: ya se firmó y se remitió tal como está, y no se puede reabrir.',
  sinSello:
    'No se puede cerrar el expediente: su índice se firma con el sello de la institución y no hay ninguno configurado (SELLO_P12). Avise a quien administra el sistema.',
  sinGestion: 'No puede modificar este expediente: no es de su unidad ni tiene un acceso de gestión.',
  responsableNoExiste: 'El responsable indicado no existe.',
  responsableAjeno: 'La persona responsable debe pertenecer a la unidad del expediente o a una superior.',
  responsableAjenoDestino: 'La persona responsable debe pertenecer a la unidad de destino o a una superior.',
  responsablePorAcceso:
    'Con un acceso concedido puede trabajar en el expediente, pero no cambiar su responsable: eso lo decide su unidad.',
  transferirPorAcceso:
    'Con un acceso concedido puede trabajar en el expediente, pero no transferirlo: eso lo decide su unidad.',
  motivoReabrir: 'Indique el motivo para reabrir el expediente.',
  creado: 'Expediente creado.',
  actualizado: 'Expediente actualizado.',
  sinCambios: 'No hay cambios.',
  cursorNoValido: 'El cursor de paginación no es válido para este orden. Vuelva a la primera página.',
} as const;

export const expedienteNoExiste = () => new ApiHttpError(404, MENSAJES_EXPEDIENTE.noExiste, 'NOT_FOUND', 'expediente');
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

export const sinGestion = () => new ApiHttpError(403, MENSAJES_EXPEDIENTE.sinGestion, 'SIN_GESTION');
/** Gestión that rests only on a grant does not decide who answers for the expediente nor where it belongs. */
export const gestionPorAcceso = (msg: string) => new ApiHttpError(403, msg, 'GESTION_POR_ACCESO');
