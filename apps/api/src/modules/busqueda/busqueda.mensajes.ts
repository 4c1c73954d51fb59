import { ApiHttpError } from '../../shared/errors';

export const sinPalabras = () =>
  new ApiHttpError(400, 'Indique al menos una palabra que buscar (no solo palabras excluidas con «-»).', 'VALIDATION');
export const reindexadoEnCurso = () =>
  new ApiHttpError(
    409,
    'Ya hay un reindexado en curso. Espere a que termine; su avance se ve en esta misma página.',
    'REINDEXADO_EN_CURSO',
  );
export const fechasAlReves = () =>
  new ApiHttpError(400, 'La fecha «desde» es posterior a «hasta»: no hay documentos entre ellas.', 'VALIDATION');
