import { AnadirInteresadoSchema, InteresadoSchema, InteresadosSchema } from '@ecodigital/contracts/eni';
import { ReadEnvelope, WriteEnvelope } from '@ecodigital/contracts/envelope';
import { Type } from 'typebox';
import { IdParamsSchema } from '../../shared/id-param';

const ApiError = { $ref: 'ApiError' } as const;
const tags = ['interesados'];

export const listarSchema = {
  tags,
  summary: 'Interesados del expediente',
  params: IdParamsSchema('id_expediente'),
  response: { 200: ReadEnvelope(InteresadosSchema), 404: ApiError },
};

export const anadirSchema = {
  tags,
  summary: 'Añade un interesado (NIF, NIE o CIF comprobado por su carácter de control)',
  params: IdParamsSchema('id_expediente'),
  body: AnadirInteresadoSchema,
  response: { 201: WriteEnvelope(InteresadoSchema), 400: ApiError, 403: ApiError, 404: ApiError, 409: ApiError },
};

export const retirarSchema = {
  tags,
  summary: 'Retira un interesado (queda registrado quién y cuándo)',
  params: Type.Object({
    id: Type.String({ description: 'id_expediente' }),
    id_interesado: Type.String({ description: 'id_interesado' }),
  }),
  response: { 200: WriteEnvelope(InteresadoSchema), 403: ApiError, 404: ApiError, 409: ApiError },
};
