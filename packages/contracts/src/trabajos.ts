import { Type, type Static } from 'typebox';

import { COLAS_MAX, FALLIDOS_MOSTRADOS } from './trabajos.rules';

export * from './trabajos.rules';

/** A queue of background jobs, with its jobs counted by state. */
const ColaTrabajosSchema = Type.Object({
  nombre: Type.String(),
  /** Spanish. */
  titulo: Type.String(),
  pausada: Type.Boolean(),
  /** Who paused it and when, while paused. */
  pausada_por: Type.Union([Type.String(), Type.Null()]),
  pausada_en: Type.Union([Type.String(), Type.Null()]),
  /** Waiting and available now (a job whose holder stopped included). */
  pendientes: Type.Integer(),
  /** Waiting for a later moment: a retry after a failure, a scheduled or recurring job. */
  programados: Type.Integer(),
  en_curso: Type.Integer(),
  fallidos: Type.Integer(),
});
export type ColaTrabajos = Static<typeof ColaTrabajosSchema>;

const TrabajoFallidoSchema = Type.Object({
  id: Type.String(),
  cola: Type.String(),
  /** The queue's title. */
  titulo: Type.String(),
  descripcion: Type.Union([Type.String(), Type.Null()]),
  intentos: Type.Integer(),
  /** Why it failed (Spanish). */
  motivo: Type.Union([Type.String(), Type.Null()]),
  actualizado: Type.String(),
});
export type TrabajoFallido = Static<typeof TrabajoFallidoSchema>;

export const EstadoTrabajosSchema = Type.Object({
  colas: Type.Array(ColaTrabajosSchema, { maxItems: COLAS_MAX }),
  /** The last failed jobs, newest first, at most `FALLIDOS_MOSTRADOS`. */
  fallidos: Type.Array(TrabajoFallidoSchema, { maxItems: FALLIDOS_MOSTRADOS }),
});
export type EstadoTrabajos = Static<typeof EstadoTrabajosSchema>;
