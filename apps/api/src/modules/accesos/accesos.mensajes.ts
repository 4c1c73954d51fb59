import { ApiHttpError, solicitudNoValida } from '../../shared/errors';

export const MENSAJES_ACCESO = {
  noExiste: 'El acceso indicado no existe en este expediente.',
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
} as const;

export const accesoNoExiste = () => new ApiHttpError(404, MENSAJES_ACCESO.noExiste, 'NOT_FOUND');
export const accesoYaVigente = () => new ApiHttpError(409, MENSAJES_ACCESO.yaVigente, 'ACCESO_VIGENTE');
export const accesoNoVigente = () => new ApiHttpError(409, MENSAJES_ACCESO.yaRevocado, 'ACCESO_NO_VIGENTE');
export const accesoNoValido = (msg: string) => solicitudNoValida(msg);
