import { HealthDegradedResponseSchema, HealthOkResponseSchema } from '@ecodigital/contracts/health';

export const getHealthSchema = {
  tags: ['health'],
  summary: 'Estado de la base de datos y del proveedor de identidad',
  security: [],
  response: {
    200: HealthOkResponseSchema,
    503: HealthDegradedResponseSchema,
  },
};
