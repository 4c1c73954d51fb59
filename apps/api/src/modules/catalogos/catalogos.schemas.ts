import { ReadEnvelope } from '@ecodigital/contracts/envelope';
import {
  CatalogoEntradaSchema,
  ResponsableSchema,
  ResponsablesQuerySchema,
  UnidadCatalogoSchema,
  UnidadesQuerySchema,
} from '@ecodigital/contracts/expedientes';
import { CAPACIDAD } from '@ecodigital/contracts/comunes';
import { Type } from 'typebox';

const tags = ['catálogos'];

export const tiposSchema = {
  tags,
  summary: 'Tipos de expediente (los desactivados solo sirven para filtrar expedientes antiguos)',
  response: { 200: ReadEnvelope(Type.Array(CatalogoEntradaSchema, { maxItems: CAPACIDAD.entradasDeCatalogo })) },
};

export const unidadesSchema = {
  tags,
  summary:
    'Unidades: todas (para filtrar) o, con `ambito=creacion`, las activas en las que quien llama puede abrir expedientes',
  querystring: UnidadesQuerySchema,
  response: { 200: ReadEnvelope(Type.Array(UnidadCatalogoSchema, { maxItems: CAPACIDAD.unidades })) },
};

export const responsablesSchema = {
  tags,
  summary:
    'Personas conocidas (las que han iniciado sesión) o, con `unidad`, las que pueden ser responsables de un expediente de esa unidad: sus miembros y los de las unidades superiores',
  querystring: ResponsablesQuerySchema,
  response: { 200: ReadEnvelope(Type.Array(ResponsableSchema, { maxItems: CAPACIDAD.personas })) },
};

export const tiposDocumentalesSchema = {
  tags,
  summary: 'Tipos documentales (los desactivados no admiten documentos nuevos)',
  response: { 200: ReadEnvelope(Type.Array(CatalogoEntradaSchema, { maxItems: CAPACIDAD.entradasDeCatalogo })) },
};
