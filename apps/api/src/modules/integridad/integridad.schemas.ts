import { ReadEnvelope } from '@ecodigital/contracts/envelope';
import { EstadoIntegridadSchema } from '@ecodigital/contracts/integridad';

export const estadoIntegridadSchema = {
  tags: ['administración'],
  summary:
    'Revisión periódica de la integridad: avance de la ronda actual y últimos archivos hallados ausentes o alterados',
  response: { 200: ReadEnvelope(EstadoIntegridadSchema) },
};
