import {
  CAMPOS_IMPORTACION_ENI,
  CerrarRemisionSchema,
  FirmasExpedienteSchema,
  ResultadoImportacionEniSchema,
} from '@ecodigital/contracts/eni';
import { ReadEnvelope, WriteEnvelope } from '@ecodigital/contracts/envelope';
import { ExpedienteSchema } from '@ecodigital/contracts/expedientes';
import { Type } from 'typebox';
import { IdParamsSchema } from '../../shared/id-param';

const ApiError = { $ref: 'ApiError' } as const;
const tags = ['eni'];

const archivo = (contentType: string, description: string) => ({
  description,
  content: { [contentType]: { schema: Type.String({ format: 'binary' }) } },
});

export const firmasSchema = {
  tags,
  summary: 'Firmas del índice con el sello de la institución (al cerrar y al cerrar para remisión)',
  params: IdParamsSchema('id_expediente'),
  response: { 200: ReadEnvelope(FirmasExpedienteSchema), 404: ApiError },
};

const FirmaParams = Type.Object({
  id: Type.String({ description: 'id_expediente' }),
  id_firma: Type.String({ description: 'id_firma' }),
  formato: Type.Union([Type.Literal('xml'), Type.Literal('pdf')], { description: 'xml (ENI, XAdES) o pdf (PAdES)' }),
});

export const archivoFirmaSchema = {
  tags,
  summary: 'Descarga un índice firmado: el XML ENI con su firma XAdES o el PDF con su firma PAdES',
  params: FirmaParams,
  produces: ['application/xml', 'application/pdf'],
  response: {
    200: {
      description: 'Índice firmado',
      content: {
        'application/xml': archivo('application/xml', 'ENI').content['application/xml'],
        'application/pdf': archivo('application/pdf', 'PDF').content['application/pdf'],
      },
    },
    404: ApiError,
  },
};

export const remisionSchema = {
  tags,
  summary: 'Cierra el índice para remisión (ENI E03) y lo firma; después el expediente no admite cambios',
  params: IdParamsSchema('id_expediente'),
  body: CerrarRemisionSchema,
  response: { 200: WriteEnvelope(ExpedienteSchema), 403: ApiError, 404: ApiError, 409: ApiError },
};

export const exportarEniSchema = {
  tags,
  summary:
    'Exporta el expediente en formato ENI (ZIP): expediente.xml con el índice firmado y los metadatos, ' +
    'un documento ENI por documento no anulado (contenido en base64) e indice.pdf',
  params: IdParamsSchema('id_expediente'),
  produces: ['application/zip'],
  response: { 200: archivo('application/zip', 'Expediente ENI'), 403: ApiError, 404: ApiError, 409: ApiError },
};

export const importarEniSchema = {
  tags,
  summary: 'Incorpora como expediente nuevo un expediente ENI (ZIP) de otra administración',
  description:
    `Multipart: \`${CAMPOS_IMPORTACION_ENI.archivo}\` (el ZIP), \`${CAMPOS_IMPORTACION_ENI.unidad}\` y ` +
    `\`${CAMPOS_IMPORTACION_ENI.tipo}\` (unidad y tipo del expediente nuevo; hace falta poder crear expedientes en ` +
    `esa unidad) y, opcional, \`${CAMPOS_IMPORTACION_ENI.asunto}\`. Antes de escribir nada se comprueban la firma ` +
    'XAdES del índice (matemáticamente; la cadena del certificado no se valida), la huella de cada documento y las ' +
    'entradas del ZIP; un rechazo (400, o 413 por tamaño) dice qué documento o firma falló y no deja nada escrito. ' +
    'El XML original del expediente queda como último documento.',
  consumes: ['multipart/form-data'],
  response: {
    201: WriteEnvelope(ResultadoImportacionEniSchema),
    400: ApiError,
    403: ApiError,
    409: ApiError,
    413: ApiError,
    415: ApiError,
  },
};
