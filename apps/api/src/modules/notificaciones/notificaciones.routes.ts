import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../shared/caller/caller';
import { requirePermiso } from '../../shared/caller/permisos';
import { isoString } from '../../shared/dates';
import { contarNoVistas, findCifrasHoy, findNoVistas, marcarVistas } from './notificaciones.repository';
import { notificacionesSchema, vistasSchema } from './notificaciones.schemas';

/** Authenticated. The header's notifications: today's figures and the person's unseen events. */
const notificacionesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ver = requirePermiso('expedientes.ver');

  app.get('/notificaciones', { schema: notificacionesSchema, preValidation: ver }, async (request) => {
    const caller = await callerOf(request);
    const [cifras, eventos, noVistos] = await Promise.all([
      findCifrasHoy(app.db, caller),
      findNoVistas(app.db, caller),
      contarNoVistas(app.db, caller),
    ]);
    return { success: true as const, data: { cifras, eventos, no_vistos: noVistos } };
  });

  app.post('/notificaciones/vistas', { schema: vistasSchema, preValidation: ver }, async (request) => {
    const vistoHasta = await marcarVistas(app.db, await callerOf(request));
    return {
      success: true as const,
      msg: 'Notificaciones marcadas como vistas.',
      data: { visto_hasta: isoString(vistoHasta) },
    };
  });
};

export default notificacionesRoutes;
