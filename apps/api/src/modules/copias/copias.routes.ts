import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { CopiasConfig } from '../../config';
import { LIMITE_TRANSFERENCIA_MS } from '../../plugins/time-limits';
import { callerOf } from '../../shared/caller/caller';
import { requirePermiso } from '../../shared/caller/permisos';
import { idDeRuta } from '../../shared/id-param';
import { contentDisposition } from '../documentos/documentos.public';
import { expedienteNoExiste } from '../expedientes/expedientes.public';
import { documentoNoExiste } from './copias.mensajes';
import { copiaAutenticaSchema, foliadoSchema } from './copias.schemas';
import { crearCopiaAutentica } from './copias.service';
import { foliarExpediente } from './foliado.service';

/**
 * Authenticated. Both hand out the documents' content, so both ask for `documentos.descargar` and
 * sight of the expediente (404 otherwise), and count against the caller's export budget.
 */
const copiasRoutes: FastifyPluginAsyncTypebox<{ config: CopiasConfig }> = async (app, { config }) => {
  const descargar = requirePermiso('documentos.descargar');

  app.get(
    '/expedientes/:id/foliado',
    {
      schema: foliadoSchema,
      preValidation: descargar,
      config: { limite: { clase: 'exportacion' }, transferencia: 'descarga' },
      handlerTimeout: LIMITE_TRANSFERENCIA_MS,
    },
    async (request, reply) => {
      const foliado = await foliarExpediente(
        { db: app.db, storage: app.storage, maxBytesDocumento: config.foliadoDocumentoMaxBytes },
        await callerOf(request),
        idDeRuta(request.params.id, expedienteNoExiste),
      );
      // Headers are gone by then: all that is left is to cut the answer short, and say why here.
      foliado.pdf.on('error', (error) =>
        request.log.error({ err: error }, 'PDF foliado interrumpido: la descarga queda incompleta'),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('attachment', foliado.nombre))
        .header('cache-control', 'no-store')
        .send(foliado.pdf);
    },
  );

  app.post(
    '/documentos/:id/copia-autentica',
    { schema: copiaAutenticaSchema, preValidation: descargar, config: { limite: { clase: 'exportacion' } } },
    async (request, reply) => {
      const copia = await crearCopiaAutentica(
        { db: app.db, storage: app.storage, sello: app.sello, log: request.log, urlPublica: config.urlPublica },
        await callerOf(request),
        idDeRuta(request.params.id, documentoNoExiste),
      );
      return reply.code(201).send({
        success: true as const,
        msg: `Copia auténtica hecha: código seguro de verificación ${copia.csv}.`,
        data: copia,
      });
    },
  );
};

export default copiasRoutes;
