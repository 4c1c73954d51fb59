import { ReadEnvelope } from '@ecodigital/contracts/envelope';
import { VerificacionSchema } from '@ecodigital/contracts/verificacion';
import { Type } from 'typebox';

const ApiError = { $ref: 'ApiError' } as const;
const tags = ['verificacion'];

const CsvParams = Type.Object({
  csv: Type.String({ maxLength: 64, description: 'Código seguro de verificación (con o sin guiones)' }),
});

export const verificacionSchema = {
  tags,
  summary: 'Qué certifica un código seguro de verificación (público, sin sesión)',
  params: CsvParams,
  response: { 200: ReadEnvelope(VerificacionSchema), 400: ApiError, 404: ApiError, 429: ApiError },
};

export const descargaVerificacionSchema = {
  tags,
  summary:
    'Descarga la copia que certifica un código seguro de verificación: el índice firmado o la copia auténtica en PDF, tal como se firmó',
  params: CsvParams,
  produces: ['application/pdf'],
  response: {
    200: {
      description: 'Índice firmado (PDF con firma PAdES)',
      content: { 'application/pdf': { schema: Type.String({ format: 'binary' }) } },
    },
    400: ApiError,
    404: ApiError,
    410: ApiError,
    429: ApiError,
    503: ApiError,
  },
};
