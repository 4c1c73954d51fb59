import { SessionResponseSchema } from '@ecodigital/contracts/session';

export const getSessionSchema = {
  tags: ['session'],
  summary: 'Sesión de la persona: menú, usuario y permisos',
  description: 'Registra o actualiza al usuario a partir de las claims del token.',
  response: {
    200: SessionResponseSchema,
  },
};
