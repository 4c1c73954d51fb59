import { ReadEnvelope, WriteEnvelope } from '@ecodigital/contracts/envelope';
import { NotificacionesSchema, NotificacionesVistasSchema } from '@ecodigital/contracts/notificaciones';

const tags = ['notificaciones'];

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
