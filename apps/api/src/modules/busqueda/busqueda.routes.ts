import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LIMITES_BUSQUEDA } from '@ecodigital/contracts/documentos';
import { callerOf } from '../../shared/caller/caller';
import { requirePermiso } from '../../shared/caller/permisos';
import { ocrDisponible } from '../documentos/documentos.public';
import { fechasAlReves, sinPalabras } from './busqueda.mensajes';
import { buscarDocumentos } from './busqueda.repository';
import { buscarSchema, estadoIndiceSchema, reindexarSchema } from './busqueda.schemas';
import { leerBusqueda } from './consulta-texto';
import { COLA_REINDEXADO, estadoIndice, iniciarReindexado } from './indice-texto.service';

/** Authenticated. Search inside documents, and the administration of the text index. */
const busquedaRoutes: FastifyPluginAsyncTypebox<{ tessdataDir: string }> = async (app, { tessdataDir }) => {
  app.get(
    '/documentos/buscar',
    {
      schema: buscarSchema,
      preValidation: requirePermiso('expedientes.ver'),
      config: { limite: { clase: 'busqueda' } },
    },
    async (request) => {
      const { q, page = 1, pageSize = LIMITES_BUSQUEDA.porPagina, ...filtros } = request.query;
      const alternativas = leerBusqueda(q);
      if (alternativas.length === 0) throw sinPalabras();
      if (filtros.desde && filtros.hasta && filtros.desde > filtros.hasta) throw fechasAlReves();
      return {
        success: true as const,
        data: await buscarDocumentos(app.db, await callerOf(request), alternativas, filtros, { page, pageSize }),
      };
    },
  );

  const administrar = requirePermiso('administracion.indice');
  app.get('/admin/indice-texto', { schema: estadoIndiceSchema, preValidation: administrar }, async () => ({
    success: true as const,
    data: await estadoIndice(app.db, await ocrDisponible(tessdataDir)),
  }));

  app.post(
    '/admin/indice-texto/reindexar',
    { schema: reindexarSchema, preValidation: administrar },
    async (request, reply) => {
      await iniciarReindexado(app.db, await callerOf(request), request.body ?? {});
      app.jobs.wake(COLA_REINDEXADO);
      const modo = request.body?.modo ?? 'vectores';
      return reply.code(202).send({
        success: true as const,
        msg:
          modo === 'vectores'
            ? 'Reindexado iniciado: se vuelve a indexar el texto guardado de cada documento.'
            : 'Reindexado iniciado: se volverá a leer cada documento (con OCR cuando haga falta).',
        data: await estadoIndice(app.db, await ocrDisponible(tessdataDir)),
      });
    },
  );
};

export default busquedaRoutes;
