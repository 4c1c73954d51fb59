import type { CatalogoEditable } from '@ecodigital/contracts/administracion';
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../shared/caller/caller';
import { requirePermiso } from '../../shared/caller/permisos';
import { fechaMadrid } from '../../shared/csv';
import { idDeRuta } from '../../shared/id-param';
import { LIMITE_TRANSFERENCIA_MS } from '../../plugins/time-limits';
import { entradaNoExiste, MENSAJES_ADMINISTRACION, personaNoExiste, unidadNoExiste } from './administracion.mensajes';
import {
  asignarPermisosSchema,
  asignarUnidadesSchema,
  auditoriaSchema,
  crearEntradaSchema,
  crearUnidadSchema,
  declararRolSchema,
  denegacionesSchema,
  editarEntradaSchema,
  editarUnidadSchema,
  exportarAuditoriaSchema,
  listarCatalogoSchema,
  listarPersonasSchema,
  listarRolesSchema,
  listarUnidadesSchema,
} from './administracion.schemas';
import { exportarAuditoriaCsv } from './auditoria.csv';
import { findAuditoria } from './auditoria.repository';
import { findDenegaciones } from './denegaciones.repository';
import { crearEntrada, editarEntrada, listarEntradas } from './catalogos-editables.service';
import { findPersonas } from './personas.repository';
import { asignarUnidades } from './personas.service';
import { asignarPermisos, declararRol, listarRoles } from './roles.service';
import { crearUnidad, editarUnidad, listarUnidades } from './unidades.service';

interface AdministracionOptions {
  /** Groups claim mode: membership comes from the identity provider and is read-only here. */
  porGrupos: boolean;
}

/** Authenticated; each area needs its own `administracion.*` permiso. Every change is audited. */
const administracionRoutes: FastifyPluginAsyncTypebox<AdministracionOptions> = async (app, { porGrupos }) => {
  const unidades = requirePermiso('administracion.unidades');
  const usuarios = requirePermiso('administracion.usuarios');
  const roles = requirePermiso('administracion.roles');
  const catalogos = requirePermiso('administracion.catalogos');

  app.get('/admin/unidades', { schema: listarUnidadesSchema, preValidation: unidades }, async () => ({
    success: true as const,
    data: await listarUnidades(app.db),
  }));

  app.post('/admin/unidades', { schema: crearUnidadSchema, preValidation: unidades }, async (request, reply) => {
    const unidad = await crearUnidad(app.db, await callerOf(request), request.body);
    return reply.code(201).send({ success: true as const, msg: MENSAJES_ADMINISTRACION.unidadCreada, data: unidad });
  });

  app.patch('/admin/unidades/:id', { schema: editarUnidadSchema, preValidation: unidades }, async (request) => {
    const id = idDeRuta(request.params.id, unidadNoExiste);
    const { unidad, cambiada } = await editarUnidad(app.db, await callerOf(request), id, request.body);
    const msg = cambiada ? MENSAJES_ADMINISTRACION.unidadActualizada : MENSAJES_ADMINISTRACION.sinCambios;
    return { success: true as const, msg, data: unidad };
  });

  app.get('/admin/usuarios', { schema: listarPersonasSchema, preValidation: usuarios }, async (request) => {
    const { items, total } = await findPersonas(app.db, request.query);
    return {
      success: true as const,
      data: {
        items,
        total,
        page: request.query.page ?? 1,
        pageSize: 50,
        origen_unidades: porGrupos ? ('proveedor_identidad' as const) : ('aplicacion' as const),
      },
    };
  });

  app.put(
    '/admin/usuarios/:id/unidades',
    { schema: asignarUnidadesSchema, preValidation: usuarios },
    async (request) => {
      const id = idDeRuta(request.params.id, personaNoExiste);
      const { persona, cambiada } = await asignarUnidades(app.db, await callerOf(request), id, request.body, porGrupos);
      const msg = cambiada ? MENSAJES_ADMINISTRACION.unidadesAsignadas : MENSAJES_ADMINISTRACION.sinCambios;
      return { success: true as const, msg, data: persona };
    },
  );

  app.get('/admin/roles', { schema: listarRolesSchema, preValidation: roles }, async () => ({
    success: true as const,
    data: await listarRoles(app.db),
  }));

  app.post('/admin/roles', { schema: declararRolSchema, preValidation: roles }, async (request, reply) => {
    const { roles: data, nombre } = await declararRol(app.db, await callerOf(request), request.body);
    return reply.code(201).send({ success: true as const, msg: MENSAJES_ADMINISTRACION.rolDeclarado(nombre), data });
  });

  app.put('/admin/roles/:rol/permisos', { schema: asignarPermisosSchema, preValidation: roles }, async (request) => {
    const { roles: data, cambiado } = await asignarPermisos(
      app.db,
      await callerOf(request),
      request.params.rol,
      request.body,
    );
    const msg = cambiado ? MENSAJES_ADMINISTRACION.permisosActualizados : MENSAJES_ADMINISTRACION.sinCambios;
    return { success: true as const, msg, data };
  });

  for (const catalogo of ['tipos', 'tipos-documentales'] as const satisfies readonly CatalogoEditable[]) {
    app.get(`/admin/catalogos/${catalogo}`, { schema: listarCatalogoSchema, preValidation: catalogos }, async () => ({
      success: true as const,
      data: await listarEntradas(app.db, catalogo),
    }));

    app.post(
      `/admin/catalogos/${catalogo}`,
      { schema: crearEntradaSchema, preValidation: catalogos },
      async (request, reply) => {
        const entrada = await crearEntrada(app.db, await callerOf(request), catalogo, request.body);
        return reply
          .code(201)
          .send({ success: true as const, msg: MENSAJES_ADMINISTRACION.entradaCreada, data: entrada });
      },
    );

    app.patch(
      `/admin/catalogos/${catalogo}/:id`,
      { schema: editarEntradaSchema, preValidation: catalogos },
      async (request) => {
        const id = idDeRuta(request.params.id, entradaNoExiste);
        const { entrada, cambiada } = await editarEntrada(app.db, await callerOf(request), catalogo, id, request.body);
        const msg = cambiada ? MENSAJES_ADMINISTRACION.entradaActualizada : MENSAJES_ADMINISTRACION.sinCambios;
        return { success: true as const, msg, data: entrada };
      },
    );
  }

  const auditoria = requirePermiso('administracion.auditoria');
  app.get('/admin/auditoria', { schema: auditoriaSchema, preValidation: auditoria }, async (request) => ({
    success: true as const,
    data: await findAuditoria(app.db, request.query),
  }));

  app.get(
    '/admin/auditoria/exportar',
    {
      schema: exportarAuditoriaSchema,
      preValidation: auditoria,
      config: { transferencia: 'descarga', limite: { clase: 'exportacion' } },
      handlerTimeout: LIMITE_TRANSFERENCIA_MS,
    },
    async (request, reply) => {
      const { desde, hasta } = request.query;
      const exportacion = await exportarAuditoriaCsv(app.db, request.query);
      const csv = Readable.from(exportacion.piezas);
      csv.on('error', (error) => request.log.error({ err: error }, 'exportación CSV de la auditoría interrumpida'));
      const nombre = `auditoria-${desde ?? 'inicio'}-a-${hasta ?? fechaMadrid()}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${nombre}"`)
        .header('cache-control', 'no-store')
        .header('x-total-cambios', String(exportacion.total))
        .header('x-cambios-exportados', String(Math.min(exportacion.total, exportacion.limite)))
        .send(csv);
    },
  );

  app.get('/admin/denegaciones', { schema: denegacionesSchema, preValidation: auditoria }, async (request) => ({
    success: true as const,
    data: await findDenegaciones(app.db, request.query),
  }));
};

export default administracionRoutes;
