import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { idDeRuta } from '../../shared/id-param';
import { callerOf } from '../../shared/caller/caller';
import { fechaMadrid } from '../../shared/csv';
import { requirePermiso } from '../../shared/caller/permisos';
import { LIMITE_TRANSFERENCIA_MS } from '../../plugins/time-limits';
import type { LimiteDeRuta } from '../../plugins/limites';
import { expedienteNoExiste, MENSAJES_EXPEDIENTE } from './expedientes.mensajes';
import {
  cambiarEstadoSchema,
  consultarSchema,
  crearSchema,
  editarSchema,
  exportarSchema,
  historialSchema,
  listarSchema,
  transferirSchema,
} from './expedientes.schemas';
import {
  cambiarEstado,
  consultar,
  crear,
  editar,
  exportarCsv,
  historial,
  listar,
  transferir,
} from './expedientes.service';

const idExpediente = (raw: string) => idDeRuta(raw, expedienteNoExiste);

/** Authenticated. */
const expedientesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ver = requirePermiso('expedientes.ver');

  // Searching by text is what costs; paging the plain list is not counted.
  const busqueda = {
    clase: 'busqueda',
    cuenta: (request) => Boolean((request.query as { q?: string }).q?.trim()),
  } satisfies LimiteDeRuta;

  app.get(
    '/expedientes',
    { schema: listarSchema, preValidation: ver, config: { limite: busqueda } },
    async (request) => ({
      success: true as const,
      data: await listar(app.db, await callerOf(request), request.query),
    }),
  );

  app.get(
    '/expedientes/export.csv',
    {
      schema: exportarSchema,
      preValidation: ver,
      config: { transferencia: 'descarga', limite: { clase: 'exportacion' } },
      handlerTimeout: LIMITE_TRANSFERENCIA_MS,
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const csv = Readable.from(await exportarCsv(app.db, caller, request.query));
      csv.on('error', (error) => request.log.error({ err: error }, 'exportación CSV interrumpida'));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="expedientes-${fechaMadrid()}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    '/expedientes',
    { schema: crearSchema, preValidation: requirePermiso('expedientes.crear') },
    async (request, reply) => {
      const expediente = await crear(app.db, await callerOf(request), request.body);
      return reply.code(201).send({ success: true as const, msg: MENSAJES_EXPEDIENTE.creado, data: expediente });
    },
  );

  app.get('/expedientes/:id', { schema: consultarSchema, preValidation: ver }, async (request) => ({
    success: true as const,
    data: await consultar(app.db, await callerOf(request), idExpediente(request.params.id)),
  }));

  app.patch(
    '/expedientes/:id',
    { schema: editarSchema, preValidation: requirePermiso('expedientes.editar') },
    async (request) => {
      const { expediente, cambios } = await editar(
        app.db,
        await callerOf(request),
        idExpediente(request.params.id),
        request.body,
      );
      return {
        success: true as const,
        msg: cambios.length ? MENSAJES_EXPEDIENTE.actualizado : MENSAJES_EXPEDIENTE.sinCambios,
        data: expediente,
      };
    },
  );

  app.post(
    '/expedientes/:id/estado',
    { schema: cambiarEstadoSchema, preValidation: requirePermiso('expedientes.cambiar_estado') },
    async (request) => {
      const { expediente, msg } = await cambiarEstado(
        app.db,
        await callerOf(request),
        idExpediente(request.params.id),
        request.body,
        app.firmarIndice,
      );
      return { success: true as const, msg, data: expediente };
    },
  );

  app.post(
    '/expedientes/:id/transferir',
    { schema: transferirSchema, preValidation: requirePermiso('expedientes.editar') },
    async (request) => ({
      success: true as const,
      msg: MENSAJES_EXPEDIENTE.transferido,
      data: await transferir(app.db, await callerOf(request), idExpediente(request.params.id), request.body),
    }),
  );

  app.get(
    '/expedientes/:id/historial',
    { schema: historialSchema, preValidation: ver, config: { limite: { clase: 'historial' } } },
    async (request) => ({
      success: true as const,
      data: await historial(app.db, await callerOf(request), idExpediente(request.params.id), request.query),
    }),
  );
};

export default expedientesRoutes;
