import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contentDisposition } from '../documentos/documentos.public';
import { descargaVerificacionSchema, verificacionSchema } from './verificacion.schemas';
import { copiaVerificada, verificar } from './verificacion.service';

/** Look-ups per minute and address, both routes together. */
export const VERIFICACIONES_POR_MINUTO = 20;

type Limitador = (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Public, without a token: anybody holding a copy may check it by its Código Seguro de Verificación
 * (decision 0394). Limited per address (`@fastify/rate-limit`, registered by the `limites` plugin: 429
 * with its Spanish message) so that codes cannot be tried in bulk.
 */
const verificacionRoutes: FastifyPluginAsyncTypebox<{ porMinuto?: number }> = async (
  app,
  { porMinuto = VERIFICACIONES_POR_MINUTO },
) => {
  const limitador = app.rateLimit({
    max: porMinuto,
    timeWindow: 60_000,
    keyGenerator: (request) => request.ip,
  }) as unknown as Limitador;
  app.addHook('onRequest', limitador);

  app.get('/verificacion/:csv', { schema: verificacionSchema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true as const, data: await verificar(app.db, request.ip, request.params.csv) };
  });

  app.get('/verificacion/:csv/descarga', { schema: descargaVerificacionSchema }, async (request, reply) => {
    const copia = await copiaVerificada(app.db, app.storage, request.log, request.ip, request.params.csv);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition('attachment', copia.nombre))
      .header('cache-control', 'no-store')
      .send(copia.pdf);
  });
};

export default verificacionRoutes;
