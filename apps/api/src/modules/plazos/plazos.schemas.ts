import { ReadEnvelope, WriteEnvelope } from '@ecodigital/contracts/envelope';
import {
  CalendarioQuerySchema,
  CambiarInicioPlazoSchema,
  CrearFestivoSchema,
  FestivoSchema,
  FijarPlazoTipoSchema,
  LIMITES_PLAZO,
  MotivoPlazoSchema,
  PlazoDeExpedienteSchema,
  PlazoExpedienteSchema,
  ResumenPlazosSchema,
  TipoConPlazoSchema,
} from '@ecodigital/contracts/plazos';
import { CAPACIDAD } from '@ecodigital/contracts/comunes';
import { Type, type TSchema } from 'typebox';
import { IdParamsSchema } from '../../shared/id-param';

const ApiError = { $ref: 'ApiError' } as const;
const tags = ['plazos'];

export const listarTiposSchema = {
  tags,
  summary: 'Tipos de expediente con su plazo de resolución',
  response: { 200: ReadEnvelope(Type.Array(TipoConPlazoSchema, { maxItems: CAPACIDAD.entradasDeCatalogo })) },
};

export const fijarPlazoTipoSchema = {
  tags,
  summary: 'Fija o quita el plazo de resolución de un tipo; los expedientes abiertos del tipo lo siguen',
  params: IdParamsSchema('id del tipo de expediente'),
  body: FijarPlazoTipoSchema,
  response: { 200: WriteEnvelope(TipoConPlazoSchema), 400: ApiError, 404: ApiError },
};

export const listarFestivosSchema = {
  tags,
  summary: 'Festivos del calendario laboral de un año',
  querystring: CalendarioQuerySchema,
  response: {
    200: ReadEnvelope(Type.Array(FestivoSchema, { maxItems: LIMITES_PLAZO.festivosPorAnio })),
    400: ApiError,
  },
};

export const crearFestivoSchema = {
  tags,
  summary: 'Añade un festivo (nacional, autonómico o local); los vencimientos abiertos se recalculan',
  body: CrearFestivoSchema,
  response: { 201: WriteEnvelope(FestivoSchema), 400: ApiError, 409: ApiError },
};

export const borrarFestivoSchema = {
  tags,
  summary: 'Quita un festivo; los vencimientos abiertos se recalculan',
  params: IdParamsSchema('id del festivo'),
  response: { 200: WriteEnvelope(FestivoSchema), 404: ApiError },
};

const ExpedienteParams = IdParamsSchema('id_expediente');

export const leerPlazoSchema = {
  tags,
  summary: 'Plazo de resolución de un expediente: vencimiento, días hábiles que quedan, suspensión',
  params: ExpedienteParams,
  response: { 200: ReadEnvelope(PlazoDeExpedienteSchema), 404: ApiError },
};

const cambioSchema = <B extends TSchema>(summary: string, body: B) => ({
  tags,
  summary,
  params: ExpedienteParams,
  body,
  response: { 200: WriteEnvelope(PlazoExpedienteSchema), 400: ApiError, 404: ApiError, 409: ApiError },
});

export const suspenderSchema = cambioSchema(
  'Suspende el plazo (el cómputo se detiene) con un motivo',
  MotivoPlazoSchema,
);
export const reanudarSchema = cambioSchema('Reanuda el plazo suspendido con un motivo', MotivoPlazoSchema);
export const cambiarInicioSchema = cambioSchema(
  'Cambia el día tras el que empieza el cómputo (p. ej. la entrada en el registro)',
  CambiarInicioPlazoSchema,
);

export const resumenSchema = {
  tags,
  summary: 'Vencidos, los que vencen esta semana y suspendidos, entre los expedientes que ve',
  response: { 200: ReadEnvelope(ResumenPlazosSchema) },
};
