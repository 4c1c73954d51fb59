import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../shared/caller/caller';
import { requirePermiso } from '../../shared/caller/permisos';
import { idDeRuta } from '../../shared/id-param';
import { expedienteNoExiste } from '../expedientes/expedientes.public';
import { accesoNoExiste, accesoNoExisteAdmin, MENSAJES_ACCESO, personaNoExiste } from './accesos.mensajes';
import {
  accesosDePersonaSchema,
  concederSchema,
  listarSchema,
  revocarDesdeAdministracionSchema,
  revocarSchema,
} from './accesos.schemas';
import { conceder, listar, listarDePersona, revocar, revocarDesdeAdministracion } from './accesos.service';

/**
 * Authenticated. Granting and revoking is a change: the role's `expedientes.editar` and gestión over
 * it. Administración lists and revokes anyone's grants with `administracion.usuarios`.
 */
const accesosRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const idExpediente = (raw: string) => idDeRuta(raw, expedienteNoExiste);

  app.get(
    '/expedientes/:id/accesos',
    { schema: listarSchema, preValidation: requirePermiso('expedientes.ver') },
    async (request) => ({
      success: true as const,
      data: await listar(app.db, await callerOf(request), idExpediente(request.params.id)),
    }),
  );

  app.post(
    '/expedientes/:id/accesos',
    { schema: concederSchema, preValidation: requirePermiso('expedientes.editar') },
    async (request, reply) => {
      const acceso = await conceder(app.db, await callerOf(request), idExpediente(request.params.id), request.body);
      return reply.code(201).send({ success: true as const, msg: MENSAJES_ACCESO.concedido, data: acceso });
    },
  );

  app.delete(
    '/expedientes/:id/accesos/:id_acceso',
    { schema: revocarSchema, preValidation: requirePermiso('expedientes.editar') },
    async (request) => {
      const caller = await callerOf(request);
      const id = idExpediente(request.params.id);
      const acceso = await revocar(app.db, caller, id, idDeRuta(request.params.id_acceso, accesoNoExiste));
      return { success: true as const, msg: MENSAJES_ACCESO.revocado, data: acceso };
    },
  );

  // Administración › Personas: the grants each person received and made, and revoking any of them.
  const administrarPersonas = requirePermiso('administracion.usuarios');
  app.get(
    '/admin/usuarios/:id/accesos',
    { schema: accesosDePersonaSchema, preValidation: administrarPersonas },
    async (request) => ({
      success: true as const,
      data: await listarDePersona(app.db, idDeRuta(request.params.id, personaNoExiste), request.query),
    }),
  );

  app.delete(
    '/admin/accesos/:id',
    { schema: revocarDesdeAdministracionSchema, preValidation: administrarPersonas },
    async (request) => ({
      success: true as const,
      msg: MENSAJES_ACCESO.revocado,
      data: await revocarDesdeAdministracion(
        app.db,
        await callerOf(request),
        idDeRuta(request.params.id, accesoNoExisteAdmin),
      ),
    }),
  );
};

export default accesosRoutes;
