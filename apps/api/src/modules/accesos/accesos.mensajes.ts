import { ApiHttpError, solicitudNoValida } from '../../shared/errors';

export const MENSAJES_ACCESO = {
  noExiste: 'El acceso indicado no existe en este expediente.',
  noExisteAdmin: 'El acceso indicado no existe.',
  personaNoExisteAdmin: 'La persona no existe.',
  unDestinatario: 'Indique una persona («id_usuario») o una unidad («id_unidad»), una sola.',
  personaNoExiste: 'La persona indicada no existe.',
  unidadNoExiste: 'La unidad indicada no existe.',
  unidadInactiva: 'La unidad indicada está desactivada.',
  hastaPasada: 'La fecha «hasta» no puede ser anterior a hoy.',
  yaVigente: 'Ya tiene un acceso vigente a este expediente: revóquelo antes de conceder otro.',
  yaRevocado: 'Ese acceso ya no está vigente.',
  concedido: 'Acceso concedido.',
  revocado: 'Acceso revocado.',
  motivoCorto: (minimo: number) => `El campo «motivo» debe tener al menos ${minimo} caracteres.`,
  aSiMismo: 'Nadie puede concederse acceso a sí mismo ni a una unidad a la que pertenece (o a una superior).',
  sinFechaMasAllaDelPropio: (dia: string) =>
    `Su acceso de gestión termina el ${dia}: puede conceder otro que termine ese día o antes, no uno sin fecha límite.`,
  masAllaDelPropio: (dia: string) =>
    `Su acceso de gestión termina el ${dia}: no puede conceder uno que termine después.`,
  revocarSoloDerivados:
    'Con un acceso concedido solo puede revocar los accesos que se concedieron a partir del suyo: los demás los revoca la unidad del expediente.',
  soloQuienGestiona:
    'Los accesos de un expediente solo los ven quienes lo gestionan: su unidad, quien ve todos los expedientes o quien tiene un acceso de gestión.',
} as const;

export const accesoNoExiste = () => new ApiHttpError(404, MENSAJES_ACCESO.noExiste, 'NOT_FOUND');
export const accesoNoExisteAdmin = () => new ApiHttpError(404, MENSAJES_ACCESO.noExisteAdmin, 'NOT_FOUND');
export const personaNoExiste = () => new ApiHttpError(404, MENSAJES_ACCESO.personaNoExisteAdmin, 'NOT_FOUND');
export const accesoYaVigente = () => new ApiHttpError(409, MENSAJES_ACCESO.yaVigente, 'ACCESO_VIGENTE');
export const accesoNoVigente = () => new ApiHttpError(409, MENSAJES_ACCESO.yaRevocado, 'ACCESO_NO_VIGENTE');
export const accesoNoValido = (msg: string) => solicitudNoValida(msg);
export const soloQuienGestiona = () => new ApiHttpError(403, MENSAJES_ACCESO.soloQuienGestiona, 'SIN_GESTION');
