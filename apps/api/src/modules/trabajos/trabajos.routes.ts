import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../shared/caller/caller';
import { requirePermiso } from '../../shared/caller/permisos';
import {
  estadoTrabajosSchema,
  pausarColaSchema,
  reanudarColaSchema,
  reintentarTrabajoSchema,
} from './trabajos.schemas';
import { estadoTrabajos, pausarCola, reintentarTrabajo } from './trabajos.service';

/** Authenticated, with `administracion.trabajos`: the background jobs' queues, their pause and their failures. */
const trabajosRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const administrar = requirePermiso('administracion.trabajos');

  app.get('/admin/trabajos', { schema: estadoTrabajosSchema, preValidation: administrar }, async () => ({
    success: true as const,
    data: await estadoTrabajos(app.db),
  }));

  for (const [accion, pausada, schema] of [
    ['pausar', true, pausarColaSchema],
    ['reanudar', false, reanudarColaSchema],
  ] as const) {
    app.post(`/admin/trabajos/colas/:cola/${accion}`, { schema, preValidation: administrar }, async (request) => {
      const msg = await pausarCola(app.db, await callerOf(request), request.params.cola, pausada);
      if (!pausada) app.jobs.wake(request.params.cola);
      return { success: true as const, msg, data: await estadoTrabajos(app.db) };
    });
  }

  app.post(
    '/admin/trabajos/:id/reintentar',
    { schema: reintentarTrabajoSchema, preValidation: administrar },
    async (request) => {
      const msg = await reintentarTrabajo(app.db, app.jobs, await callerOf(request), request.params.id);
      return { success: true as const, msg, data: await estadoTrabajos(app.db) };
    },
  );
};

export default trabajosRoutes;
