import { ApiHttpError } from '../../shared/errors';

export const MENSAJES_VERIFICACION = {
  malFormado:
    'El código seguro de verificación no es válido: son 28 letras y cifras (sin I, O, 0 ni 1), como figuran en la copia. Revíselo.',
  noExiste:
    'No hay ningún documento con ese código seguro de verificación. Revise que lo ha escrito como figura en la copia.',
} as const;

export const csvMalFormado = () => new ApiHttpError(400, MENSAJES_VERIFICACION.malFormado, 'CSV_NO_VALIDO');
export const csvNoExiste = () => new ApiHttpError(404, MENSAJES_VERIFICACION.noExiste, 'NOT_FOUND');
