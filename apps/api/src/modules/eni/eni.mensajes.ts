import { ApiHttpError } from '../../shared/errors';

export const MENSAJES_ENI = {
  remisionCerrada: 'Índice cerrado para remisión y firmado.',
  soloCerrado: 'Solo se cierra para remisión un expediente cerrado: ciérrelo antes.',
  yaRemitido: 'El índice de este expediente ya está cerrado para remisión.',
  sinDocumentos: 'El expediente no tiene documentos: no hay índice que remitir.',
  faltanMetadatos: (faltas: string[]) =>
    `No se puede cerrar el índice para remisión: ${faltas.join('; ')}. Complételo en Administración.`,
  sinSello:
    'No se puede firmar el índice: la institución no tiene configurado su sello (SELLO_P12). Avise a quien administra el sistema.',
  firmaNoExiste: 'La firma no existe en este expediente.',
} as const;

export const conflictoEni = (msg: string, code = 'CONFLICT') => new ApiHttpError(409, msg, code);
export const firmaNoExiste = () => new ApiHttpError(404, MENSAJES_ENI.firmaNoExiste, 'NOT_FOUND');
