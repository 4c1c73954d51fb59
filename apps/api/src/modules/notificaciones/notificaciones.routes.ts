import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LIMITES_NOTIFICACIONES } from '@ecodigital/contracts/notificaciones';
import { callerOf } from '../../shared/caller/caller';
import { requirePermiso } from '../../shared/caller/permisos';
import { isoString } from '../../shared/dates';
import {
  contarNoVistas,
  findCifrasHoy,
  findNoVistas,
  findPaginaNotificaciones,
  marcarVistas,
} from './notificaciones.repository';
import { notificacionesSchema, todasSchema, vistasSchema } from './notificaciones.schemas';

/**
 * Authenticated. The header's notifications (today's figures and the person's unseen events) and
 * the notifications page (all of them, read or not).
 */
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

  app.get('/notificaciones/todas', { schema: todasSchema, preValidation: ver }, async (request) => {
    const { cursor, pageSize, no_leidas: soloNoLeidas = false } = request.query;
    const pagina = await findPaginaNotificaciones(app.db, await callerOf(request), {
      despuesDe: cursor,
      limite: pageSize ?? LIMITES_NOTIFICACIONES.pagina,
      soloNoLeidas,
    });
    return { success: true as const, data: pagina };
  });

  app.post('/notificaciones/vistas', { schema: vistasSchema, preValidation: ver }, async (request) => {
    const vistoHasta = await marcarVistas(app.db, await callerOf(request));
    return {
      success: true as const,
      msg: 'Todas sus notificaciones están marcadas como leídas.',
      data: { visto_hasta: isoString(vistoHasta) },
    };
  });
};

export default notificacionesRoutes;
