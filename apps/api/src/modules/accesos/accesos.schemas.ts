import {
  AccesoDePersonaSchema,
  AccesoSchema,
  AccesosExpedienteSchema,
  AccesosPersonaPaginaSchema,
  AccesosPersonaQuerySchema,
  ConcederAccesoSchema,
} from '@ecodigital/contracts/accesos';
import { ReadEnvelope, WriteEnvelope } from '@ecodigital/contracts/envelope';
import { Type } from 'typebox';
import { IdParamsSchema } from '../../shared/id-param';

const ApiError = { $ref: 'ApiError' } as const;
const tags = ['accesos'];

export const listarSchema = {
  tags,
  summary:
    'Quién ve el expediente y por qué: su unidad y las superiores y los accesos concedidos (solo para quien lo gestiona)',
  params: IdParamsSchema('id_expediente'),
  response: { 200: ReadEnvelope(AccesosExpedienteSchema), 403: ApiError, 404: ApiError },
};

export const concederSchema = {
  tags,
  summary: 'Concede acceso de lectura o de gestión a una persona o a una unidad (y a las que dependen de ella)',
  params: IdParamsSchema('id_expediente'),
  body: ConcederAccesoSchema,
  response: { 201: WriteEnvelope(AccesoSchema), 400: ApiError, 403: ApiError, 404: ApiError, 409: ApiError },
};

export const revocarSchema = {
  tags,
  summary: 'Revoca un acceso vigente y los que derivan de él (quedan registrados como revocados)',
  params: Type.Object({
    id: Type.String({ description: 'id_expediente' }),
    id_acceso: Type.String({ description: 'id_acceso' }),
  }),
  response: { 200: WriteEnvelope(AccesoSchema), 403: ApiError, 404: ApiError, 409: ApiError },
};

export const accesosDePersonaSchema = {
  tags: ['administración'],
  summary: 'Accesos que una persona recibió (a ella o a una de sus unidades) o concedió, por páginas',
  params: IdParamsSchema('id_usuario'),
  querystring: AccesosPersonaQuerySchema,
  response: { 200: ReadEnvelope(AccesosPersonaPaginaSchema), 403: ApiError, 404: ApiError },
};

export const revocarDesdeAdministracionSchema = {
  tags: ['administración'],
  summary: 'Revoca un acceso vigente, de cualquier expediente, y los que derivan de él',
  params: IdParamsSchema('id_acceso'),
  response: { 200: WriteEnvelope(AccesoDePersonaSchema), 403: ApiError, 404: ApiError, 409: ApiError },
};
