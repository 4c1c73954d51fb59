import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getSessionSchema } from './session.schemas';
import { getSession } from './session.service';

/** Authenticated. */
const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/session/get', { schema: getSessionSchema }, async (request) => ({
    success: true as const,
    data: await getSession(app.db, request.principal, request.log),
  }));
};

export default sessionRoutes;
