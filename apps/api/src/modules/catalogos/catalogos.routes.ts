import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../shared/caller/caller';
import { requirePermiso } from '../../shared/caller/permisos';
import { findResponsables, findTiposDocumentales, findTiposExpediente, findUnidades } from './catalogos.repository';
import { responsablesSchema, tiposDocumentalesSchema, tiposSchema, unidadesSchema } from './catalogos.schemas';

/** Authenticated. The catalogues of the expediente form and filters, and of the upload form. */
const catalogosRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ver = requirePermiso('expedientes.ver');

  app.get('/catalogos/tipos-expediente', { schema: tiposSchema, preValidation: ver }, async () => ({
    success: true as const,
    data: await findTiposExpediente(app.db),
  }));

  app.get('/catalogos/unidades', { schema: unidadesSchema, preValidation: ver }, async (request) => {
    if (request.query.ambito !== 'creacion') return { success: true as const, data: await findUnidades(app.db) };
    // Where the caller may open an expediente: their unidades and those below them (any, for who sees all).
    const { alcance } = await callerOf(request);
    return {
      success: true as const,
      data: await findUnidades(app.db, { ids: alcance.todos ? 'todas' : alcance.unidades }),
    };
  });

  app.get('/catalogos/tipos-documentales', { schema: tiposDocumentalesSchema, preValidation: ver }, async () => ({
    success: true as const,
    data: await findTiposDocumentales(app.db),
  }));

  app.get('/catalogos/responsables', { schema: responsablesSchema, preValidation: ver }, async (request) => ({
    success: true as const,
    data: await findResponsables(app.db, request.query.unidad),
  }));
};

export default catalogosRoutes;
