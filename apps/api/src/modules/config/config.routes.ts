import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppConfig } from '../../config';
import { getConfigSchema } from './config.schemas';
import { toRuntimeConfig } from './runtime-config';

/** Public: the web app reads it before signing in. */
const configRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig }> = async (app, { config }) => {
  const runtimeConfig = toRuntimeConfig(config);
  app.get('/config', { schema: getConfigSchema }, async () => ({ success: true as const, data: runtimeConfig }));
};

export default configRoutes;
