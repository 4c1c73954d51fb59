import { ApiHttpError } from '../../shared/errors';

export const colaNoExiste = () => new ApiHttpError(404, 'La cola de trabajos no existe.', 'NOT_FOUND');
export const trabajoNoFallido = () =>
  new ApiHttpError(404, 'No hay un trabajo fallido con ese número: quizá ya se reintentó.', 'NOT_FOUND');

export const MENSAJES_TRABAJOS = {
  pausada: (titulo: string) =>
    `Cola «${titulo}» en pausa: sus trabajos esperan hasta que se reanude; los que estaban en curso terminan.`,
  reanudada: (titulo: string) => `Cola «${titulo}» reanudada.`,
  reintentado: (descripcion: string) => `«${descripcion}» vuelve a la cola desde su primer intento.`,
} as const;
