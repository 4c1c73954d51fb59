import { ApiHttpError } from '../../shared/errors';

export const MENSAJES_VERIFICACION = {
  malFormado:
    'El código seguro de verificación no es válido: son 28 letras y cifras (sin I, O, 0 ni 1), como figuran en la copia. Revíselo.',
  noExiste:
    'No hay ningún documento con ese código seguro de verificación. Revise que lo ha escrito como figura en la copia.',
  copiaNoDisponible:
    'La copia que certifica este código no se puede entregar: el archivo guardado falta o no coincide con el que se firmó. Comuníqueselo a la institución que la emitió.',
  copiaEliminada: (acta: string) =>
    `El contenido del documento de esta copia auténtica se eliminó por el acta de eliminación ${acta}, conforme a su plazo de conservación: la copia ya no se puede descargar. El código sigue certificando la fecha y la huella de la copia.`,
} as const;

export const csvMalFormado = () => new ApiHttpError(400, MENSAJES_VERIFICACION.malFormado, 'CSV_NO_VALIDO');
export const csvNoExiste = () => new ApiHttpError(404, MENSAJES_VERIFICACION.noExiste, 'NOT_FOUND');
export const copiaNoDisponible = () =>
  new ApiHttpError(503, MENSAJES_VERIFICACION.copiaNoDisponible, 'COPIA_NO_DISPONIBLE');
export const copiaEliminada = (acta: string) =>
  new ApiHttpError(410, MENSAJES_VERIFICACION.copiaEliminada(acta), 'COPIA_ELIMINADA');
