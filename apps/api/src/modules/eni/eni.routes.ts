import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../shared/caller/caller';
import { requirePermiso } from '../../shared/caller/permisos';
import { idDeRuta } from '../../shared/id-param';
import { LIMITE_TRANSFERENCIA_MS } from '../../plugins/time-limits';
import { contentDisposition } from '../documentos/documentos.public';
import { expedienteNoExiste, findExpediente } from '../expedientes/expedientes.public';
import { findArchivosFirma } from './eni.repository';
import { firmaNoExiste, MENSAJES_ENI, MENSAJES_IMPORTACION } from './eni.mensajes';
import { archivoFirmaSchema, exportarEniSchema, firmasSchema, importarEniSchema, remisionSchema } from './eni.schemas';
import { exportarEni } from './exportacion.service';
import { listarFirmas } from './firmas.service';
import { cerrarRemision } from './remision.service';
import { recibirImportacion } from './importacion.multipart';
import { importarEni } from './importacion.service';
import { discardTempFile } from '../../storage/temp-files';
import { MENSAJES_EXPEDIENTE } from '../expedientes/expedientes.public';
import { ApiHttpError } from '../../shared/errors';

/**
 * Authenticated. Signatures are read with sight of the expediente; remisión is a change of estado; the
 * ENI export needs a permission of its own.
 */
const eniRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const idExpediente = (raw: string) => idDeRuta(raw, expedienteNoExiste);
  const ver = requirePermiso('expedientes.ver');
  // For the ENI import's form; read part by part by `recibirImportacion`.
  await app.register(multipart);

  app.get('/expedientes/:id/firmas', { schema: firmasSchema, preValidation: ver }, async (request) => ({
    success: true as const,
    data: await listarFirmas(app.db, await callerOf(request), idExpediente(request.params.id)),
  }));

  app.get(
    '/expedientes/:id/firmas/:id_firma/indice.:formato',
    { schema: archivoFirmaSchema, preValidation: ver, config: { limite: { clase: 'exportacion' } } },
    async (request, reply) => {
      const caller = await callerOf(request);
      const id = idExpediente(request.params.id);
      const expediente = await findExpediente(app.db, caller, id);
      if (!expediente) throw expedienteNoExiste();
      const firma = await findArchivosFirma(app.db, id, idDeRuta(request.params.id_firma, firmaNoExiste));
      if (!firma) throw firmaNoExiste();
      const xml = request.params.formato === 'xml';
      const nombre = `indice-firmado-${expediente.numero}-${firma.motivo}-${firma.firmado_en.toISOString().slice(0, 10)}.${request.params.formato}`;
      return reply
        .header('content-type', xml ? 'application/xml; charset=utf-8' : 'application/pdf')
        .header('content-disposition', contentDisposition('attachment', nombre))
        .header('cache-control', 'no-store')
        .send(xml ? firma.xml : Buffer.from(firma.pdf));
    },
  );

  app.get(
    '/expedientes/:id/eni',
    {
      schema: exportarEniSchema,
      preValidation: requirePermiso('expedientes.exportar_eni'),
      config: { limite: { clase: 'exportacion' }, transferencia: 'descarga' },
      handlerTimeout: LIMITE_TRANSFERENCIA_MS,
      // Already compressed: the ZIP deflates each XML itself.
      compress: false,
    },
    async (request, reply) => {
      const exportacion = await exportarEni(app, await callerOf(request), idExpediente(request.params.id));
      exportacion.zip.on('error', (error) =>
        request.log.error({ err: error }, 'exportación ENI interrumpida: la descarga queda incompleta'),
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition('attachment', exportacion.nombre))
        .header('cache-control', 'no-store')
        .send(exportacion.zip);
    },
  );

  app.post(
    '/expedientes/importar-eni',
    {
      schema: importarEniSchema,
      preValidation: requirePermiso('expedientes.crear'),
      config: { transferencia: 'subida', limite: { clase: 'subida' } },
      handlerTimeout: LIMITE_TRANSFERENCIA_MS,
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const { destino, zip } = await recibirImportacion(request);
      try {
        // Before the ZIP is read: a unidad the caller may not create in is refused at once (and again in the transaction).
        if (!caller.alcance.todos && !caller.alcance.unidades.includes(destino.id_unidad)) {
          throw new ApiHttpError(403, MENSAJES_EXPEDIENTE.unidadNoPropia, 'UNIDAD_NO_PROPIA');
        }
        const resultado = await importarEni(
          { db: app.db, storage: app.storage, log: request.log },
          caller,
          destino,
          zip,
        );
        app.extraccionTexto.despertar();
        return reply.code(201).send({
          success: true as const,
          msg: MENSAJES_IMPORTACION.importado(resultado.expediente.numero, resultado.documentos),
          data: resultado,
        });
      } finally {
        await discardTempFile(zip);
      }
    },
  );

  app.post(
    '/expedientes/:id/remision',
    { schema: remisionSchema, preValidation: requirePermiso('expedientes.cambiar_estado') },
    async (request) => ({
      success: true as const,
      msg: MENSAJES_ENI.remisionCerrada,
      data: await cerrarRemision(
        app.db,
        await callerOf(request),
        idExpediente(request.params.id),
        request.body.version,
        app.firmarIndice,
      ),
    }),
  );
};

export default eniRoutes;
