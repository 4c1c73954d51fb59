import { ReadEnvelope, WriteEnvelope } from '@ecodigital/contracts/envelope';
import {
  AnularDocumentoSchema,
  DocumentoListadoSchema,
  DocumentoSchema,
  IndiceElectronicoSchema,
  ResultadoSubidaSchema,
  ResultadoVerificacionSchema,
  SubidaRechazadaSchema,
  LIMITES_DOCUMENTO,
} from '@ecodigital/contracts/documentos';
import { CAPACIDAD } from '@ecodigital/contracts/comunes';
import { Type } from 'typebox';
import { IdParamsSchema } from '../../shared/id-param';

const ApiError = { $ref: 'ApiError' } as const;
const tags = ['documentos'];

const ExpedienteParamsSchema = IdParamsSchema('id_expediente');
const DocumentoParamsSchema = IdParamsSchema('id_documento');

const archivo = (contentType: string, description: string) => ({
  description,
  content: { [contentType]: { schema: Type.String({ format: 'binary' }) } },
});

/** The ETag is the document's SHA-256, so a cached copy is valid for ever. */
const sinCambios = {
  description: 'La copia del cliente (`If-None-Match` = ETag, la huella SHA-256) está al día; sin cuerpo',
  type: 'null',
};

export const subirSchema = {
  tags,
  summary: 'Incorpora uno o varios documentos al expediente (multipart/form-data)',
  description:
    'Partes: `id_tipo_documental` (obligatorio, antes de los archivos; se aplica a los `archivo` que le siguen) y uno ' +
    'o varios `archivo`. El tipo se detecta por el contenido. Un archivo: 201 o el estado de su rechazo (413, 415, ' +
    '409, 400). Varios: 200 con el resultado de cada uno (o el estado del primer rechazo si no entra ninguno).',
  consumes: ['multipart/form-data'],
  params: ExpedienteParamsSchema,
  response: {
    200: WriteEnvelope(Type.Array(ResultadoSubidaSchema, { maxItems: LIMITES_DOCUMENTO.archivosPorSubida })),
    201: WriteEnvelope(Type.Array(ResultadoSubidaSchema, { maxItems: LIMITES_DOCUMENTO.archivosPorSubida })),
    400: SubidaRechazadaSchema,
    403: SubidaRechazadaSchema,
    404: ApiError,
    409: SubidaRechazadaSchema,
    413: SubidaRechazadaSchema,
    415: SubidaRechazadaSchema,
  },
};

export const listarSchema = {
  tags,
  summary: 'Documentos del expediente por orden (anulados incluidos), con el estado de su texto',
  params: ExpedienteParamsSchema,
  response: {
    200: ReadEnvelope(Type.Array(DocumentoListadoSchema, { maxItems: CAPACIDAD.documentosPorExpediente })),
    404: ApiError,
  },
};

export const miniaturaSchema = {
  tags,
  summary:
    'Miniatura (JPEG) de la primera página del documento o de la imagen, si ya se procesó (admite `If-None-Match`)',
  params: DocumentoParamsSchema,
  produces: ['image/jpeg'],
  response: { 200: archivo('image/jpeg', 'La miniatura'), 304: sinCambios, 404: ApiError },
};

export const indiceSchema = {
  tags,
  summary: 'Índice electrónico del expediente (cadena de huellas SHA-256)',
  params: ExpedienteParamsSchema,
  response: { 200: ReadEnvelope(IndiceElectronicoSchema), 404: ApiError },
};

export const indiceJsonSchema = {
  tags,
  summary: 'Descarga el índice electrónico en JSON (`indice-<numero>.json`)',
  params: ExpedienteParamsSchema,
  produces: ['application/json'],
  response: { 200: archivo('application/json', 'Índice electrónico'), 404: ApiError },
};

export const indicePdfSchema = {
  tags,
  summary: 'Descarga el índice electrónico en PDF (`indice-<numero>.pdf`)',
  params: ExpedienteParamsSchema,
  produces: ['application/pdf'],
  response: { 200: archivo('application/pdf', 'Índice electrónico'), 404: ApiError },
};

export const verificarSchema = {
  tags,
  summary: 'Recalcula el SHA-256 de cada archivo y la cadena del índice; informa de cada discrepancia',
  params: ExpedienteParamsSchema,
  response: { 200: WriteEnvelope(ResultadoVerificacionSchema), 404: ApiError, 409: ApiError },
};

export const descargarSchema = {
  tags,
  summary: 'Descarga el documento (admite `Range` e `If-None-Match`; la descarga se cuenta en el historial)',
  params: DocumentoParamsSchema,
  produces: ['application/octet-stream'],
  response: {
    200: archivo('application/octet-stream', 'El archivo'),
    206: archivo('application/octet-stream', 'Parte del archivo'),
    304: sinCambios,
    404: ApiError,
    410: ApiError,
    416: ApiError,
  },
};

export const vistaSchema = {
  tags,
  summary:
    'Muestra el documento en el navegador (solo PDF, PNG y JPEG; admite `If-None-Match`); se cuenta en el historial',
  params: DocumentoParamsSchema,
  response: {
    200: archivo('application/octet-stream', 'El archivo'),
    206: archivo('application/octet-stream', 'Parte del archivo'),
    304: sinCambios,
    404: ApiError,
    410: ApiError,
    415: ApiError,
    416: ApiError,
  },
};

export const anularSchema = {
  tags,
  summary: 'Anula el documento con un motivo (conserva su lugar en el índice)',
  params: DocumentoParamsSchema,
  body: AnularDocumentoSchema,
  response: { 200: WriteEnvelope(DocumentoSchema), 400: ApiError, 404: ApiError, 409: ApiError },
};
