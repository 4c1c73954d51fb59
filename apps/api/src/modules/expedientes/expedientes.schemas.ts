import { ReadEnvelope, WriteEnvelope } from '@ecodigital/contracts/envelope';
import {
  CambiarEstadoSchema,
  CrearExpedienteSchema,
  EditarExpedienteSchema,
  ExpedienteSchema,
  ExpedientesListaQuerySchema,
  ExpedientesPaginaSchema,
  HistorialPaginaSchema,
  HistorialQuerySchema,
  TransferirExpedienteSchema,
} from '@ecodigital/contracts/expedientes';
import { Type } from 'typebox';
import { IdParamsSchema } from '../../shared/id-param';

const ApiError = { $ref: 'ApiError' } as const;

const ExpedienteParamsSchema = IdParamsSchema('id_expediente');

const tags = ['expedientes'];

export const listarSchema = {
  tags,
  summary: 'Lista paginada de expedientes con filtros y orden',
  description:
    'Fechas `desde`/`hasta` (aaaa-mm-dd, ambas incluidas) en días de Europe/Madrid. Orden por defecto: ' +
    '`fecha_apertura` descendente; con `sort` y sin `order`, ascendente (salvo la fecha). Para la página ' +
    'siguiente, envíe como `cursor` el `siguiente` de la actual (mismos filtros y orden); `page` sola salta filas. ' +
    '`total` es exacto si `totalExacto`; si no, hay más de `total` expedientes.',
  querystring: ExpedientesListaQuerySchema,
  response: { 200: ReadEnvelope(ExpedientesPaginaSchema), 400: ApiError },
};

export const exportarSchema = {
  tags,
  summary: 'Exporta a CSV (UTF-8 con BOM, separado por «;») los expedientes que cumplen los filtros',
  querystring: Type.Omit(ExpedientesListaQuerySchema, ['page', 'pageSize', 'cursor']),
  produces: ['text/csv'],
  response: {
    200: { description: 'Archivo CSV', content: { 'text/csv': { schema: Type.String() } } },
    400: ApiError,
  },
};

export const crearSchema = {
  tags,
  summary: 'Crea un expediente (estado «Abierto», número asignado; responsable por defecto: quien lo crea)',
  body: CrearExpedienteSchema,
  response: { 201: WriteEnvelope(ExpedienteSchema), 400: ApiError },
};

export const consultarSchema = {
  tags,
  summary: 'Detalle de un expediente (la consulta se cuenta en el historial, una vez por persona y día)',
  params: ExpedienteParamsSchema,
  response: { 200: ReadEnvelope(ExpedienteSchema), 404: ApiError },
};

export const editarSchema = {
  tags,
  summary: 'Modifica los campos enviados; exige la `version` leída',
  params: ExpedienteParamsSchema,
  body: EditarExpedienteSchema,
  response: { 200: WriteEnvelope(ExpedienteSchema), 400: ApiError, 404: ApiError, 409: ApiError },
};

export const cambiarEstadoSchema = {
  tags,
  summary: 'Cambia el estado según el ciclo de vida; reabrir exige `motivo`',
  params: ExpedienteParamsSchema,
  body: CambiarEstadoSchema,
  response: { 200: WriteEnvelope(ExpedienteSchema), 400: ApiError, 404: ApiError, 409: ApiError },
};

export const historialSchema = {
  tags,
  summary: 'Historial del expediente por páginas, lo más reciente primero',
  description:
    'Los cambios, uno por evento; con `lecturas=true`, también las consultas, descargas y previsualizaciones, ' +
    'contadas por persona y día. Para la página siguiente, envíe como `cursor` el `siguiente` de la actual.',
  params: ExpedienteParamsSchema,
  querystring: HistorialQuerySchema,
  response: { 200: ReadEnvelope(HistorialPaginaSchema), 400: ApiError, 404: ApiError },
};

export const transferirSchema = {
  tags,
  summary: 'Transfiere el expediente a otra unidad (con motivo, en el historial); la anterior deja de verlo',
  params: ExpedienteParamsSchema,
  body: TransferirExpedienteSchema,
  response: { 200: WriteEnvelope(ExpedienteSchema), 400: ApiError, 403: ApiError, 404: ApiError, 409: ApiError },
};
