import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { IntegridadConfig } from '../../config';
import { requirePermiso } from '../../shared/caller/permisos';
import { estadoIntegridadSchema } from './integridad.schemas';
import { estadoIntegridad } from './integridad.service';

/** Authenticated, with `administracion.integridad`: the fixity revision's progress and findings. */
const integridadRoutes: FastifyPluginAsyncTypebox<{ config: IntegridadConfig }> = async (app, { config }) => {
  app.get(
    '/admin/integridad',
    { schema: estadoIntegridadSchema, preValidation: requirePermiso('administracion.integridad') },
    async () => ({ success: true as const, data: await estadoIntegridad(app.db, config) }),
  );
};

export default integridadRoutes;
