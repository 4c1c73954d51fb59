import { CAPACIDAD } from '@ecodigital/contracts/comunes';
import {
  AsignarPermisosSchema,
  DenegacionesPaginaSchema,
  DenegacionesQuerySchema,
  DeclararRolSchema,
  AsignarUnidadesSchema,
  AuditoriaExportQuerySchema,
  AuditoriaPaginaSchema,
  AuditoriaQuerySchema,
  CrearEntradaCatalogoSchema,
  CrearUnidadSchema,
  EditarEntradaCatalogoSchema,
  EditarUnidadSchema,
  EntradaCatalogoSchema,
  PersonaAdminSchema,
  PersonasPaginaSchema,
  PersonasQuerySchema,
  RolesPermisosSchema,
  UnidadSchema,
} from '@ecodigital/contracts/administracion';
import { ReadEnvelope, WriteEnvelope } from '@ecodigital/contracts/envelope';
import { Type } from 'typebox';
import { IdParamsSchema } from '../../shared/id-param';

const ApiError = { $ref: 'ApiError' } as const;
const tags = ['administración'];

export const listarUnidadesSchema = {
  tags,
  summary: 'Unidades (árbol plano: `id_padre` anida), con sus personas y expedientes',
  response: { 200: ReadEnvelope(Type.Array(UnidadSchema, { maxItems: CAPACIDAD.unidades })) },
};

export const crearUnidadSchema = {
  tags,
  summary: 'Crea una unidad (código único, p. ej. DIR3; nombre único entre sus hermanas)',
  body: CrearUnidadSchema,
  response: { 201: WriteEnvelope(UnidadSchema), 400: ApiError, 409: ApiError },
};

export const editarUnidadSchema = {
  tags,
  summary: 'Renombra, recodifica, mueve (sin ciclos) o activa/desactiva una unidad',
  params: IdParamsSchema('id de la unidad'),
  body: EditarUnidadSchema,
  response: { 200: WriteEnvelope(UnidadSchema), 400: ApiError, 404: ApiError, 409: ApiError },
};

export const listarPersonasSchema = {
  tags,
  summary: 'Personas conocidas por sus inicios de sesión, con roles (del token) y unidades',
  querystring: PersonasQuerySchema,
  response: { 200: ReadEnvelope(PersonasPaginaSchema), 400: ApiError },
};

export const asignarUnidadesSchema = {
  tags,
  summary: 'Fija las unidades de una persona (409 si las asigna el proveedor de identidad por grupos)',
  params: IdParamsSchema('id_usuario'),
  body: AsignarUnidadesSchema,
  response: { 200: WriteEnvelope(PersonaAdminSchema), 400: ApiError, 404: ApiError, 409: ApiError },
};

export const listarRolesSchema = {
  tags,
  summary:
    'Roles declarados con sus permisos, los roles vistos en los tokens sin declarar (no dan nada), y todos los permisos',
  response: { 200: ReadEnvelope(RolesPermisosSchema) },
};

export const declararRolSchema = {
  tags,
  summary:
    'Declara un rol del proveedor de identidad para poder darle permisos (uno que tienen todas las personas pide confirmación)',
  body: DeclararRolSchema,
  response: { 201: WriteEnvelope(RolesPermisosSchema), 400: ApiError, 409: ApiError },
};

export const asignarPermisosSchema = {
  tags,
  summary: 'Fija los permisos de un rol declarado; el administrador nunca pierde el de administrar roles',
  params: Type.Object({ rol: Type.String({ maxLength: 64 }) }),
  body: AsignarPermisosSchema,
  response: { 200: WriteEnvelope(RolesPermisosSchema), 400: ApiError, 404: ApiError, 409: ApiError },
};

export const listarCatalogoSchema = {
  tags,
  summary: 'Entradas del catálogo, con cuántos registros usan cada una',
  response: { 200: ReadEnvelope(Type.Array(EntradaCatalogoSchema, { maxItems: CAPACIDAD.entradasDeCatalogo })) },
};

export const crearEntradaSchema = {
  tags,
  summary: 'Añade una entrada al catálogo',
  body: CrearEntradaCatalogoSchema,
  response: { 201: WriteEnvelope(EntradaCatalogoSchema), 400: ApiError, 409: ApiError },
};

export const editarEntradaSchema = {
  tags,
  summary: 'Renombra o activa/desactiva una entrada (las entradas no se borran)',
  params: IdParamsSchema('id de la entrada'),
  body: EditarEntradaCatalogoSchema,
  response: { 200: WriteEnvelope(EntradaCatalogoSchema), 400: ApiError, 404: ApiError, 409: ApiError },
};

export const auditoriaSchema = {
  tags,
  summary: 'Registro de cambios administrativos (quién, cuándo, qué, antes → después), lo más reciente primero',
  querystring: AuditoriaQuerySchema,
  response: { 200: ReadEnvelope(AuditoriaPaginaSchema), 400: ApiError },
};

export const exportarAuditoriaSchema = {
  tags,
  summary:
    'Exporta a CSV (UTF-8 con BOM, separado por «;») los cambios que cumplen los filtros de la auditoría, lo más reciente primero; como mucho 50 000 (la última línea avisa si hay más)',
  querystring: AuditoriaExportQuerySchema,
  produces: ['text/csv'],
  response: {
    200: { description: 'Archivo CSV', content: { 'text/csv': { schema: Type.String() } } },
    400: ApiError,
  },
};

export const denegacionesSchema = {
  tags,
  summary:
    'Accesos denegados por persona: expedientes y documentos ocultos o inexistentes y cambios sin gestión, contados por ruta, motivo y día',
  querystring: DenegacionesQuerySchema,
  response: { 200: ReadEnvelope(DenegacionesPaginaSchema) },
};
