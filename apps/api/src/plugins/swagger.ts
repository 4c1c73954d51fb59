import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

export const BEARER_SECURITY = [{ bearerAuth: [] }];

/**
 * OpenAPI document built from the route schemas; when `publica`, UI at `/api/docs` and JSON at
 * `/api/docs/json` (in production only if the operator says so: the map of every route helps an attacker).
 */
export default fp<{ productName: string; version: string; publica: boolean }>(
  async (app, options) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: `${options.productName} API`, version: options.version },
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          },
        },
      },
    });
    if (options.publica) await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'swagger' },
);
