import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../shared/caller/caller';
import { requirePermiso } from '../../shared/caller/permisos';
import { idDeRuta } from '../../shared/id-param';
import { contentDisposition } from '../documentos/documentos.public';
import { expedienteNoExiste } from '../expedientes/expedientes.public';
import {
  aprobarActa,
  crearActa,
  descartarActa,
  leerActa,
  listarActas,
  pdfActa,
  terminarActasAprobadas,
} from './eliminacion.service';
import { actaNoExiste, MENSAJES_RETENCION, serieNoExiste, tipoNoExiste } from './retencion.mensajes';
import {
  aprobarActaSchema,
  asignarTipoSchema,
  crearActaSchema,
  crearSerieSchema,
  descartarActaSchema,
  guardarSerieSchema,
  leerActaSchema,
  leerRetencionSchema,
  levantarRetencionSchema,
  listarActasSchema,
  listarSeriesSchema,
  listarTiposSchema,
  pdfActaSchema,
  pendientesSchema,
  ponerRetencionSchema,
} from './retencion.schemas';
import {
  asignarTipo,
  crearSerie,
  guardarSerie,
  leerRetencion,
  levantarRetencion,
  listarPendientes,
  listarSeries,
  listarTipos,
  ponerRetencion,
} from './retencion.service';

/**
 * Authenticated. The cuadro de clasificación, the pendientes de dictamen, the drafts of actas and
 * the legal holds need 'retencion.gestionar'; approving an acta (which destroys bytes) needs
 * 'retencion.aprobar_eliminacion'. What retention says of one expediente is read by whoever sees it.
 * Routes on an expediente apply its visibility (404 outside).
 */
const retencionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const gestionar = requirePermiso('retencion.gestionar');
  const aprobar = requirePermiso('retencion.aprobar_eliminacion');
  const ver = requirePermiso('expedientes.ver');
  const idExpediente = (raw: string) => idDeRuta(raw, expedienteNoExiste);
  const idActa = (raw: string) => idDeRuta(raw, actaNoExiste);
  const eliminacion = () => ({ db: app.db, storage: app.storage, sello: app.sello, log: app.log });

  // An acta approved by an instance that stopped before deleting its bytes is finished at start.
  app.addHook('onListen', async () => {
    terminarActasAprobadas(eliminacion()).then(
      (terminadas) => terminadas && app.log.info({ terminadas }, 'actas de eliminación terminadas al arrancar'),
      (error: unknown) => app.log.error({ err: error }, 'no se pudieron terminar las actas de eliminación aprobadas'),
    );
  });

  app.get('/admin/retencion/series', { schema: listarSeriesSchema, preValidation: gestionar }, async () => ({
    success: true as const,
    data: await listarSeries(app.db),
  }));

  app.post('/admin/retencion/series', { schema: crearSerieSchema, preValidation: gestionar }, async (request, reply) =>
    reply.code(201).send({
      success: true as const,
      msg: MENSAJES_RETENCION.serieCreada,
      data: await crearSerie(app.db, await callerOf(request), request.body),
    }),
  );

  app.put('/admin/retencion/series/:id', { schema: guardarSerieSchema, preValidation: gestionar }, async (request) => ({
    success: true as const,
    msg: MENSAJES_RETENCION.serieGuardada,
    data: await guardarSerie(app.db, await callerOf(request), idDeRuta(request.params.id, serieNoExiste), request.body),
  }));

  app.get('/admin/retencion/tipos', { schema: listarTiposSchema, preValidation: gestionar }, async () => ({
    success: true as const,
    data: await listarTipos(app.db),
  }));

  app.put('/admin/retencion/tipos/:id', { schema: asignarTipoSchema, preValidation: gestionar }, async (request) => ({
    success: true as const,
    msg: MENSAJES_RETENCION.tipoGuardado,
    data: await asignarTipo(app.db, await callerOf(request), idDeRuta(request.params.id, tipoNoExiste), request.body),
  }));

  app.get('/admin/retencion/pendientes', { schema: pendientesSchema, preValidation: gestionar }, async (request) => ({
    success: true as const,
    data: await listarPendientes(app.db, await callerOf(request)),
  }));

  app.get('/admin/retencion/actas', { schema: listarActasSchema, preValidation: gestionar }, async () => ({
    success: true as const,
    data: await listarActas(app.db),
  }));

  app.post('/admin/retencion/actas', { schema: crearActaSchema, preValidation: gestionar }, async (request, reply) =>
    reply.code(201).send({
      success: true as const,
      msg: MENSAJES_RETENCION.actaCreada,
      data: await crearActa(app.db, await callerOf(request), request.body),
    }),
  );

  app.get('/admin/retencion/actas/:id', { schema: leerActaSchema, preValidation: gestionar }, async (request) => ({
    success: true as const,
    data: await leerActa(app.db, idActa(request.params.id)),
  }));

  app.delete(
    '/admin/retencion/actas/:id',
    { schema: descartarActaSchema, preValidation: gestionar },
    async (request) => ({
      success: true as const,
      msg: MENSAJES_RETENCION.actaDescartada,
      data: await descartarActa(app.db, await callerOf(request), idActa(request.params.id)),
    }),
  );

  app.post(
    '/admin/retencion/actas/:id/aprobacion',
    { schema: aprobarActaSchema, preValidation: aprobar },
    async (request) => ({
      success: true as const,
      msg: MENSAJES_RETENCION.actaAprobada,
      data: await aprobarActa(eliminacion(), await callerOf(request), idActa(request.params.id), request.body.motivo),
    }),
  );

  app.get(
    '/admin/retencion/actas/:id/pdf',
    { schema: pdfActaSchema, preValidation: gestionar },
    async (request, reply) => {
      const { numero, pdf } = await pdfActa(app.db, idActa(request.params.id));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('attachment', `acta-eliminacion-${numero}.pdf`))
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.get('/expedientes/:id/retencion', { schema: leerRetencionSchema, preValidation: ver }, async (request) => ({
    success: true as const,
    data: await leerRetencion(app.db, await callerOf(request), idExpediente(request.params.id)),
  }));

  app.post(
    '/expedientes/:id/retencion-legal',
    { schema: ponerRetencionSchema, preValidation: gestionar },
    async (request) => ({
      success: true as const,
      msg: MENSAJES_RETENCION.retencionPuesta,
      data: await ponerRetencion(app.db, await callerOf(request), idExpediente(request.params.id), request.body.motivo),
    }),
  );

  app.post(
    '/expedientes/:id/retencion-legal/levantamiento',
    { schema: levantarRetencionSchema, preValidation: gestionar },
    async (request) => ({
      success: true as const,
      msg: MENSAJES_RETENCION.retencionLevantada,
      data: await levantarRetencion(
        app.db,
        await callerOf(request),
        idExpediente(request.params.id),
        request.body.motivo,
      ),
    }),
  );
};

export default retencionRoutes;
