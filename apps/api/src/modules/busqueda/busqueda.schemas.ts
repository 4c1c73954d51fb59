import { ReadEnvelope, WriteEnvelope } from '@ecodigital/contracts/envelope';
import {
  BuscarDocumentosQuerySchema,
  IndiceTextoEstadoSchema,
  PaginaBusquedaSchema,
  ReindexarSchema,
} from '@ecodigital/contracts/documentos';

const ApiError = { $ref: 'ApiError' } as const;

export const buscarSchema = {
  tags: ['documentos'],
  summary: 'Busca en el nombre y el texto de los documentos de los expedientes que el usuario puede ver',
  description:
    'Palabras (todas), "frases entre comillas", `-palabra` para excluir y `o` entre alternativas; sin distinguir ' +
    'tildes ni mayúsculas, con las variantes de cada palabra («licencias» encuentra «licencia») y palabras ' +
    'empezadas («licen»). Por relevancia, con fragmentos donde aparecen.',
  querystring: BuscarDocumentosQuerySchema,
  response: { 200: ReadEnvelope(PaginaBusquedaSchema), 400: ApiError },
};

export const estadoIndiceSchema = {
  tags: ['administración'],
  summary: 'Estado del índice de texto: documentos por estado, en proceso, último reindexado y últimos errores',
  response: { 200: ReadEnvelope(IndiceTextoEstadoSchema) },
};

export const reindexarSchema = {
  tags: ['administración'],
  summary: 'Reindexa todos los documentos en segundo plano (vectores de búsqueda o extracción completa)',
  body: ReindexarSchema,
  response: { 202: WriteEnvelope(IndiceTextoEstadoSchema), 409: ApiError },
};
