import { WriteEnvelope } from '@ecodigital/contracts/envelope';
import { CopiaAutenticaSchema } from '@ecodigital/contracts/verificacion';
import { Type } from 'typebox';
import { IdParamsSchema } from '../../shared/id-param';

const ApiError = { $ref: 'ApiError' } as const;
const tags = ['copias'];

export const foliadoSchema = {
  tags,
  summary:
    'El expediente entero en un PDF foliado: el índice primero y cada documento en el orden del índice, ' +
    'cada página numerada «Folio n de N · Expediente <número>»; un documento que no se presenta en PDF ocupa ' +
    'una página con su nombre, su tipo y su huella SHA-256. Se envía mientras se compone',
  params: IdParamsSchema('id_expediente'),
  produces: ['application/pdf'],
  response: {
    200: {
      description: 'Expediente foliado (PDF)',
      content: { 'application/pdf': { schema: Type.String({ format: 'binary' }) } },
    },
    404: ApiError,
  },
};

export const copiaAutenticaSchema = {
  tags,
  summary:
    'Hace una copia auténtica de un documento PDF, JPEG o PNG: en cada página el código seguro de verificación, ' +
    'un código QR y la dirección donde comprobarlo y la fecha; firmada con el sello de la institución (PAdES). ' +
    'Se descarga con su código en /api/verificacion/{csv}/descarga',
  params: IdParamsSchema('id_documento'),
  response: { 201: WriteEnvelope(CopiaAutenticaSchema), 404: ApiError, 409: ApiError, 410: ApiError },
};
