import { RuntimeConfigSchema } from '@ecodigital/contracts/config';
import { ReadEnvelope } from '@ecodigital/contracts/envelope';

export const getConfigSchema = {
  tags: ['config'],
  summary: 'Configuración de la aplicación web (proveedor de identidad, realm, cliente)',
  security: [],
  response: { 200: ReadEnvelope(RuntimeConfigSchema) },
};
