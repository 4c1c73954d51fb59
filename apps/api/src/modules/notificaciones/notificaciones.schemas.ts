import { ReadEnvelope, WriteEnvelope } from '@ecodigital/contracts/envelope';
import {
  NotificacionesPaginaSchema,
  NotificacionesSchema,
  NotificacionesTodasQuerySchema,
  NotificacionesVistasSchema,
} from '@ecodigital/contracts/notificaciones';

const tags = ['notificaciones'];
const ApiError = { $ref: 'ApiError' } as const;

export const notificacionesSchema = {
  tags,
  summary: 'Cifras de hoy y los eventos de la persona que aún no ha visto',
  description:
    'Eventos: un expediente que otra persona le asignó (al crearlo o al cambiar el responsable) y un documento ' +
    'que otra persona incorporó a uno de sus expedientes; de los últimos 30 días, posteriores a su última visita.',
  response: { 200: ReadEnvelope(NotificacionesSchema) },
};

export const vistasSchema = {
  tags,
  summary: 'Marca como vistas todas las notificaciones hasta ahora (en el servidor: vale para todos sus navegadores)',
  response: { 200: WriteEnvelope(NotificacionesVistasSchema) },
};

export const todasSchema = {
  tags,
  summary: 'Todas las notificaciones de la persona por páginas, lo más reciente primero, leídas o no',
  description:
    'Los mismos eventos que la campana, sin límite de fecha, en los expedientes que hoy puede ver. Leída: anterior ' +
    'a su última marca de vistas o de hace más de 30 días. Para la página siguiente, envíe como `cursor` el ' +
    '`siguiente` de la actual; con `no_leidas=true`, solo las no leídas.',
  querystring: NotificacionesTodasQuerySchema,
  response: { 200: ReadEnvelope(NotificacionesPaginaSchema), 400: ApiError },
};
