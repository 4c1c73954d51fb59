import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../shared/caller/caller';
import { requirePermiso } from '../../shared/caller/permisos';
import { idDeRuta } from '../../shared/id-param';
import { expedienteNoExiste } from '../expedientes/expedientes.public';
import { festivoNoExiste, MENSAJES_PLAZOS, tipoNoExiste } from './plazos.mensajes';
import {
  borrarFestivoSchema,
  cambiarInicioSchema,
  crearFestivoSchema,
  fijarPlazoTipoSchema,
  leerPlazoSchema,
  listarFestivosSchema,
  listarTiposSchema,
  reanudarSchema,
  resumenSchema,
  suspenderSchema,
} from './plazos.schemas';
import {
  borrarFestivo,
  cambiarInicio,
  crearFestivo,
  fijarPlazoTipo,
  leerPlazo,
  listarFestivos,
  listarTipos,
  reanudar,
  resumen,
  suspender,
} from './plazos.service';

/**
 * Authenticated. The plazos of the tipos and the calendario laboral are catalogues
 * (`administracion.catalogos`); an expediente's plazo is read by whoever sees it and changed by
 * whoever may change the expediente.
 */
const plazosRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const catalogos = requirePermiso('administracion.catalogos');
  const ver = requirePermiso('expedientes.ver');
  const editar = requirePermiso('expedientes.editar');
  const idExpediente = (raw: string) => idDeRuta(raw, expedienteNoExiste);

  app.get('/admin/plazos/tipos', { schema: listarTiposSchema, preValidation: catalogos }, async () => ({
    success: true as const,
    data: await listarTipos(app.db),
  }));

  app.put('/admin/plazos/tipos/:id', { schema: fijarPlazoTipoSchema, preValidation: catalogos }, async (request) => ({
    success: true as const,
    msg: MENSAJES_PLAZOS.plazoFijado,
    data: await fijarPlazoTipo(
      app.db,
      await callerOf(request),
      idDeRuta(request.params.id, tipoNoExiste),
      request.body.plazo,
    ),
  }));

  app.get('/admin/calendario', { schema: listarFestivosSchema, preValidation: catalogos }, async (request) => ({
    success: true as const,
    data: await listarFestivos(app.db, request.query.anio),
  }));

  app.post('/admin/calendario', { schema: crearFestivoSchema, preValidation: catalogos }, async (request, reply) =>
    reply.code(201).send({
      success: true as const,
      msg: MENSAJES_PLAZOS.festivoCreado,
      data: await crearFestivo(app.db, await callerOf(request), request.body),
    }),
  );

  app.delete('/admin/calendario/:id', { schema: borrarFestivoSchema, preValidation: catalogos }, async (request) => ({
    success: true as const,
    msg: MENSAJES_PLAZOS.festivoBorrado,
    data: await borrarFestivo(app.db, await callerOf(request), idDeRuta(request.params.id, festivoNoExiste)),
  }));

  app.get('/expedientes/:id/plazo', { schema: leerPlazoSchema, preValidation: ver }, async (request) => ({
    success: true as const,
    data: { plazo: await leerPlazo(app.db, await callerOf(request), idExpediente(request.params.id)) },
  }));

  app.post(
    '/expedientes/:id/plazo/suspension',
    { schema: suspenderSchema, preValidation: editar },
    async (request) => ({
      success: true as const,
      msg: MENSAJES_PLAZOS.suspendido,
      data: await suspender(app.db, await callerOf(request), idExpediente(request.params.id), request.body.motivo),
    }),
  );

  app.post(
    '/expedientes/:id/plazo/reanudacion',
    { schema: reanudarSchema, preValidation: editar },
    async (request) => ({
      success: true as const,
      msg: MENSAJES_PLAZOS.reanudado,
      data: await reanudar(app.db, await callerOf(request), idExpediente(request.params.id), request.body.motivo),
    }),
  );

  app.put('/expedientes/:id/plazo/inicio', { schema: cambiarInicioSchema, preValidation: editar }, async (request) => ({
    success: true as const,
    msg: MENSAJES_PLAZOS.inicioCambiado,
    data: await cambiarInicio(
      app.db,
      await callerOf(request),
      idExpediente(request.params.id),
      request.body.inicio,
      request.body.motivo,
    ),
  }));

  app.get('/plazos/resumen', { schema: resumenSchema, preValidation: ver }, async (request) => ({
    success: true as const,
    data: await resumen(app.db, await callerOf(request)),
  }));
};

export default plazosRoutes;
