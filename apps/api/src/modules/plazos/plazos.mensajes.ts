import { ApiHttpError, solicitudNoValida } from '../../shared/errors';

export const MENSAJES_PLAZOS = {
  tipoNoExiste: 'El tipo de expediente no existe.',
  festivoNoExiste: 'El festivo no existe.',
  mesesMax: (max: number) => `Un plazo en meses no puede pasar de ${max} meses.`,
  festivoRepetido: (fecha: string) => `El ${fecha} ya es festivo en el calendario.`,
  demasiadosFestivos: (anio: number, max: number) => `El calendario de ${anio} ya tiene ${max} festivos, el máximo.`,
  sinPlazo: 'El tipo de este expediente no tiene plazo de resolución.',
  yaSuspendido: 'El plazo ya está suspendido.',
  noSuspendido: 'El plazo no está suspendido.',
  vencidoNoSeSuspende: 'El plazo ya venció: no se puede suspender.',
  suspendido: 'Plazo suspendido.',
  reanudado: 'Plazo reanudado.',
  inicioFuturo: 'El inicio del cómputo no puede ser posterior a hoy.',
  inicioCambiado: 'Inicio del cómputo actualizado.',
  inicioSuspendido: 'Reanude el plazo antes de cambiar el inicio del cómputo.',
  plazoFijado: 'Plazo actualizado.',
  festivoCreado: 'Festivo añadido.',
  festivoBorrado: 'Festivo quitado.',
} as const;

export const tipoNoExiste = () => new ApiHttpError(404, MENSAJES_PLAZOS.tipoNoExiste, 'NOT_FOUND');
export const festivoNoExiste = () => new ApiHttpError(404, MENSAJES_PLAZOS.festivoNoExiste, 'NOT_FOUND');
export const conflictoPlazo = (msg: string) => new ApiHttpError(409, msg, 'CONFLICT');
export { solicitudNoValida };
