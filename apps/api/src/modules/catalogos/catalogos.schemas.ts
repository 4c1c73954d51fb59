import { ReadEnvelope } from '@ecodigital/contracts/envelope';
import { CatalogoItemSchema, ResponsableSchema } from '@ecodigital/contracts/expedientes';
import { Type } from 'typebox';

const tags = ['catálogos'];

export const tiposSchema = {
  tags,
  summary: 'Tipos de expediente',
  response: { 200: ReadEnvelope(Type.Array(CatalogoItemSchema)) },
};

export const unidadesSchema = {
  tags,
  summary: 'Unidades responsables',
  response: { 200: ReadEnvelope(Type.Array(CatalogoItemSchema)) },
};

export const responsablesSchema = {
  tags,
  summary: 'Personas que pueden ser responsables de un expediente (las que han iniciado sesión)',
  response: { 200: ReadEnvelope(Type.Array(ResponsableSchema)) },
};

export const tiposDocumentalesSchema = {
  tags,
  summary: 'Tipos documentales',
  response: { 200: ReadEnvelope(Type.Array(CatalogoItemSchema)) },
};
