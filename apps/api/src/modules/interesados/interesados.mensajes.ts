import { ApiHttpError, solicitudNoValida } from '../../shared/errors';

export const MENSAJES_INTERESADOS = {
  anadido: 'Interesado añadido.',
  retirado: 'Interesado retirado.',
  noExiste: 'El interesado no existe en este expediente.',
  repetido: (documento: string) => `El expediente ya tiene un interesado con el documento ${documento}.`,
  demasiados: (maximo: number) =>
    `El expediente ya tiene ${maximo} interesados, el máximo. Retire alguno antes de añadir otro.`,
} as const;

export const interesadoNoExiste = () => new ApiHttpError(404, MENSAJES_INTERESADOS.noExiste, 'NOT_FOUND');
export const interesadoRepetido = (documento: string) =>
  new ApiHttpError(409, MENSAJES_INTERESADOS.repetido(documento), 'CONFLICT');
export const interesadoNoValido = (msg: string) => solicitudNoValida(msg);
