import { ReadEnvelope, WriteEnvelope } from '@ecodigital/contracts/envelope';
import {
  ActaEliminacionSchema,
  ActaResumenSchema,
  ActasSchema,
  AprobarActaSchema,
  AsignarTipoSchema,
  CrearActaSchema,
  GuardarSerieSchema,
  LIMITES_RETENCION,
  MotivoRetencionSchema,
  PendientesDictamenSchema,
  RetencionExpedienteSchema,
  SerieDocumentalSchema,
  TipoRetencionSchema,
} from '@ecodigital/contracts/retencion';
import { Type } from 'typebox';
import { IdParamsSchema } from '../../shared/id-param';

const ApiError = { $ref: 'ApiError' } as const;
const tags = ['retencion'];

export const listarSeriesSchema = {
  tags,
  summary: 'Series documentales del cuadro de clasificación, con su regla de conservación y sus tipos',
  response: { 200: ReadEnvelope(Type.Array(SerieDocumentalSchema, { maxItems: LIMITES_RETENCION.series })) },
};

export const crearSerieSchema = {
  tags,
  summary: 'Añade una serie documental al cuadro de clasificación',
  body: GuardarSerieSchema,
  response: { 201: WriteEnvelope(SerieDocumentalSchema), 400: ApiError, 409: ApiError },
};

export const guardarSerieSchema = {
  tags,
  summary: 'Cambia una serie documental (código, nombre, activa, regla de conservación)',
  params: IdParamsSchema('id de la serie'),
  body: GuardarSerieSchema,
  response: { 200: WriteEnvelope(SerieDocumentalSchema), 400: ApiError, 404: ApiError, 409: ApiError },
};

export const listarTiposSchema = {
  tags,
  summary: 'Tipos de expediente con su serie, su regla propia y la que se les aplica',
  response: { 200: ReadEnvelope(Type.Array(TipoRetencionSchema, { maxItems: LIMITES_RETENCION.tiposPorSerie })) },
};

export const asignarTipoSchema = {
  tags,
  summary: 'Asigna a un tipo de expediente su serie y, si la tiene, su regla propia (prevalece sobre la de la serie)',
  params: IdParamsSchema('id del tipo de expediente'),
  body: AsignarTipoSchema,
  response: { 200: WriteEnvelope(TipoRetencionSchema), 400: ApiError, 404: ApiError, 409: ApiError },
};

export const pendientesSchema = {
  tags,
  summary: 'Expedientes pendientes de dictamen (archivados, cumplido su plazo de conservación, sin retención legal)',
  response: { 200: ReadEnvelope(PendientesDictamenSchema) },
};

export const listarActasSchema = {
  tags,
  summary: 'Últimas actas de eliminación',
  response: { 200: ReadEnvelope(ActasSchema) },
};

const ActaParams = IdParamsSchema('id del acta');

export const crearActaSchema = {
  tags,
  summary: 'Redacta un borrador de acta de eliminación con expedientes pendientes de dictamen',
  body: CrearActaSchema,
  response: { 201: WriteEnvelope(ActaEliminacionSchema), 400: ApiError, 404: ApiError, 409: ApiError },
};

export const leerActaSchema = {
  tags,
  summary: 'Un acta de eliminación con sus expedientes',
  params: ActaParams,
  response: { 200: ReadEnvelope(ActaEliminacionSchema), 404: ApiError },
};

export const descartarActaSchema = {
  tags,
  summary: 'Descarta un borrador de acta de eliminación',
  params: ActaParams,
  response: { 200: WriteEnvelope(ActaResumenSchema), 404: ApiError, 409: ApiError },
};

export const aprobarActaSchema = {
  tags,
  summary:
    'Aprueba el acta con un motivo y la ejecuta: destruye el contenido de los documentos de sus expedientes (se conservan metadatos, índice, historial y el acta firmada)',
  params: ActaParams,
  body: AprobarActaSchema,
  response: { 200: WriteEnvelope(ActaEliminacionSchema), 400: ApiError, 404: ApiError, 409: ApiError },
};

export const pdfActaSchema = {
  tags,
  summary: 'El acta aprobada, en PDF firmado con el sello de la institución',
  params: ActaParams,
  produces: ['application/pdf'],
  response: {
    200: {
      description: 'El acta firmada',
      content: { 'application/pdf': { schema: Type.String({ format: 'binary' }) } },
    },
    404: ApiError,
    409: ApiError,
  },
};

const ExpedienteParams = IdParamsSchema('id_expediente');

export const leerRetencionSchema = {
  tags,
  summary:
    'Regla de conservación de un expediente, si está pendiente de dictamen, sus retenciones legales y su eliminación',
  params: ExpedienteParams,
  response: { 200: ReadEnvelope(RetencionExpedienteSchema), 404: ApiError },
};

export const ponerRetencionSchema = {
  tags,
  summary: 'Pone una retención legal (con motivo): impide eliminar el expediente hasta que se levante',
  params: ExpedienteParams,
  body: MotivoRetencionSchema,
  response: { 200: WriteEnvelope(RetencionExpedienteSchema), 400: ApiError, 404: ApiError, 409: ApiError },
};

export const levantarRetencionSchema = {
  tags,
  summary: 'Levanta la retención legal activa de un expediente (con motivo)',
  params: ExpedienteParams,
  body: MotivoRetencionSchema,
  response: { 200: WriteEnvelope(RetencionExpedienteSchema), 400: ApiError, 404: ApiError, 409: ApiError },
};
