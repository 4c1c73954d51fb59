import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LIMITES_INICIO } from '@ecodigital/contracts/inicio';
import { callerOf } from '../../shared/caller/caller';
import { requirePermiso } from '../../shared/caller/permisos';
import { findActividad, findCifras, findMisExpedientes, findPorMes, findPorTipoDocumental } from './inicio.repository';
import {
  actividadSchema,
  cifrasSchema,
  misExpedientesSchema,
  porMesSchema,
  porTipoDocumentalSchema,
} from './inicio.schemas';

/** Authenticated. One route per Inicio block, so each block loads (and fails) on its own. */
const inicioRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ver = requirePermiso('expedientes.ver');

  app.get('/inicio/cifras', { schema: cifrasSchema, preValidation: ver }, async (request) => ({
    success: true as const,
    data: await findCifras(app.db, await callerOf(request)),
  }));

  app.get('/inicio/por-mes', { schema: porMesSchema, preValidation: ver }, async (request) => ({
    success: true as const,
    data: await findPorMes(app.db, await callerOf(request), LIMITES_INICIO.meses),
  }));

  app.get('/inicio/por-tipo-documental', { schema: porTipoDocumentalSchema, preValidation: ver }, async (request) => ({
    success: true as const,
    data: await findPorTipoDocumental(app.db, await callerOf(request)),
  }));

  app.get('/inicio/mis-expedientes', { schema: misExpedientesSchema, preValidation: ver }, async (request) => ({
    success: true as const,
    data: await findMisExpedientes(app.db, await callerOf(request), LIMITES_INICIO.misExpedientes),
  }));

  app.get('/inicio/actividad', { schema: actividadSchema, preValidation: ver }, async (request) => ({
    success: true as const,
    data: await findActividad(app.db, await callerOf(request), LIMITES_INICIO.actividad),
  }));
};

export default inicioRoutes;
