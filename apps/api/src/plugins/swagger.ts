import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

export const BEARER_SECURITY = [{ bearerAuth: [] }];

/** OpenAPI document built from the route schemas; UI at `/api/docs`, JSON at `/api/docs/json`. */
export default fp<{ productName: string; version: string }>(
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
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'swagger' },
);
