import { Type } from 'typebox';
import { ReadEnvelope, WriteEnvelope } from '@ecodigital/contracts/envelope';
import { EstadoTrabajosSchema } from '@ecodigital/contracts/trabajos';

const ApiError = { $ref: 'ApiError' } as const;

/** Any text: an unknown queue or job answers 404, like one that does not exist. */
const ColaParams = Type.Object({ cola: Type.String({ description: 'Nombre de la cola (p. ej. `texto`)' }) });
const TrabajoParams = Type.Object({ id: Type.String({ description: 'Número del trabajo fallido' }) });

export const estadoTrabajosSchema = {
  tags: ['administración'],
  summary: 'Colas de trabajos en segundo plano: trabajos por estado, pausa y últimos fallidos con su motivo',
  response: { 200: ReadEnvelope(EstadoTrabajosSchema) },
};

export const pausarColaSchema = {
  tags: ['administración'],
  summary: 'Pausa una cola: sus trabajos pendientes esperan; los que están en curso terminan',
  params: ColaParams,
  response: { 200: WriteEnvelope(EstadoTrabajosSchema), 404: ApiError },
};

export const reanudarColaSchema = {
  tags: ['administración'],
  summary: 'Reanuda una cola en pausa',
  params: ColaParams,
  response: { 200: WriteEnvelope(EstadoTrabajosSchema), 404: ApiError },
};

export const reintentarTrabajoSchema = {
  tags: ['administración'],
  summary: 'Devuelve un trabajo fallido a su cola, desde su primer intento',
  params: TrabajoParams,
  response: { 200: WriteEnvelope(EstadoTrabajosSchema), 404: ApiError },
};
