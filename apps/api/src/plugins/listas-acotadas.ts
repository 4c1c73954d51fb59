import fp from 'fastify-plugin';
import { excesosDeListas } from '../shared/listas-acotadas';

/**
 * Checks every JSON answer against the `maxItems` its route declares and fails the request (500,
 * logged) when a list is longer: on in the tests (`createTestApp`), so every API test also proves
 * that the routes keep the bounds they declare. Off in production, where it would only cost time.
 */
export default fp(
  async (app) => {
    app.addHook('preSerialization', async (request, reply, payload) => {
      const respuestas = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
      const esquema = respuestas?.[String(reply.statusCode)] ?? respuestas?.[`${String(reply.statusCode)[0]}xx`];
      const excesos = excesosDeListas(esquema, payload);
      if (excesos.length > 0) {
        throw new Error(`${request.method} ${request.routeOptions.url}: ${excesos.join('; ')}`);
      }
      return payload;
    });
  },
  { name: 'listas-acotadas' },
);
