import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getHealthSchema } from './health.schemas';
import { canServe, checkHealth, degradedMessage } from './health.service';

/** Public: load balancers and people check it without a token. */
const healthRoutes: FastifyPluginAsyncTypebox<{ issuer: string; version: string }> = async (app, options) => {
  app.get('/health', { schema: getHealthSchema }, async (_request, reply) => {
    const health = await checkHealth(app.db, app.identityKeys, options.issuer, options.version);
    if (canServe(health)) return reply.code(200).send({ success: true, data: health });
    return reply.code(503).send({ success: false, msg: degradedMessage(health), code: 'DEGRADED', data: health });
  });
};

export default healthRoutes;
