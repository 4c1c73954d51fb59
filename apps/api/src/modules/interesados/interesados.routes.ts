import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../shared/caller/caller';
import { requirePermiso } from '../../shared/caller/permisos';
import { idDeRuta } from '../../shared/id-param';
import { expedienteNoExiste } from '../expedientes/expedientes.public';
import { interesadoNoExiste, MENSAJES_INTERESADOS } from './interesados.mensajes';
import { anadirSchema, listarSchema, retirarSchema } from './interesados.schemas';
import { anadir, listar, retirar } from './interesados.service';

/** Authenticated. Reading needs sight of the expediente; adding and retiring, `expedientes.editar` and gestión. */
const interesadosRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const idExpediente = (raw: string) => idDeRuta(raw, expedienteNoExiste);

  app.get(
    '/expedientes/:id/interesados',
    { schema: listarSchema, preValidation: requirePermiso('expedientes.ver') },
    async (request) => ({
      success: true as const,
      data: await listar(app.db, await callerOf(request), idExpediente(request.params.id)),
    }),
  );

  app.post(
    '/expedientes/:id/interesados',
    { schema: anadirSchema, preValidation: requirePermiso('expedientes.editar') },
    async (request, reply) => {
      const interesado = await anadir(app.db, await callerOf(request), idExpediente(request.params.id), request.body);
      return reply.code(201).send({ success: true as const, msg: MENSAJES_INTERESADOS.anadido, data: interesado });
    },
  );

  app.delete(
    '/expedientes/:id/interesados/:id_interesado',
    { schema: retirarSchema, preValidation: requirePermiso('expedientes.editar') },
    async (request) => {
      const caller = await callerOf(request);
      const id = idExpediente(request.params.id);
      const interesado = await retirar(app.db, caller, id, idDeRuta(request.params.id_interesado, interesadoNoExiste));
      return { success: true as const, msg: MENSAJES_INTERESADOS.retirado, data: interesado };
    },
  );
};

export default interesadosRoutes;
