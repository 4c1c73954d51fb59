import { ReadEnvelope } from '@ecodigital/contracts/envelope';
import {
  ActividadEventoSchema,
  CifrasInicioSchema,
  DocumentosPorTipoSchema,
  ExpedientesPorMesSchema,
  LIMITES_INICIO,
  MiExpedienteSchema,
} from '@ecodigital/contracts/inicio';
import { Type } from 'typebox';

const tags = ['inicio'];

export const cifrasSchema = {
  tags,
  summary: 'Expedientes abiertos, en trámite, cerrados este mes y documentos incorporados hoy (Europe/Madrid)',
  response: { 200: ReadEnvelope(CifrasInicioSchema) },
};

export const porMesSchema = {
  tags,
  summary: 'Expedientes abiertos y cerrados en cada uno de los últimos 12 meses',
  response: { 200: ReadEnvelope(ExpedientesPorMesSchema) },
};

export const porTipoDocumentalSchema = {
  tags,
  summary: 'Documentos no anulados por tipo documental',
  response: { 200: ReadEnvelope(DocumentosPorTipoSchema) },
};

export const misExpedientesSchema = {
  tags,
  summary: 'Expedientes abiertos o en trámite de los que la persona es responsable, los más antiguos primero',
  response: { 200: ReadEnvelope(Type.Array(MiExpedienteSchema, { maxItems: LIMITES_INICIO.misExpedientes })) },
};

export const actividadSchema = {
  tags,
  summary: 'Últimos cambios en los expedientes visibles (sin las consultas ni las descargas)',
  response: { 200: ReadEnvelope(Type.Array(ActividadEventoSchema, { maxItems: LIMITES_INICIO.actividad })) },
};
