import { Type, type Static } from 'typebox';
import { LIMITES_DOCUMENTO, FUNCION_RESUMEN } from './documentos.rules';
import { CatalogoItemSchema, ResponsableSchema } from './expedientes';

export * from './documentos.rules';

/** One entry of the índice electrónico (ENI `IndiceContenido`), plus what the product shows. */
export const DocumentoSchema = Type.Object({
  id_documento: Type.Integer(),
  id_expediente: Type.Integer(),
  /** Folio: 1, 2, 3… within the expediente, never reused. */
  orden: Type.Integer(),
  /** Display name only (normalised); storage uses a server-generated key. */
  nombre: Type.String(),
  tipo_documental: CatalogoItemSchema,
  fecha_incorporacion: Type.String(),
  /** Bytes. */
  tamano: Type.Integer(),
  formato: Type.String(),
  mime: Type.String(),
  /** SHA-256 of the file, lower-case hex. */
  huella: Type.String(),
  funcion_resumen: Type.Literal(FUNCION_RESUMEN),
  /** Hash of the previous entry of the índice (`null` for the first): the chain. */
  hash_anterior: Type.Union([Type.String(), Type.Null()]),
  /** Hash of this entry (its fields + hash_anterior). */
  hash_entrada: Type.String(),
  subido_por: ResponsableSchema,
  anulado: Type.Boolean(),
  motivo_anulacion: Type.Union([Type.String(), Type.Null()]),
  fecha_anulacion: Type.Union([Type.String(), Type.Null()]),
  anulado_por: Type.Union([ResponsableSchema, Type.Null()]),
});
export type Documento = Static<typeof DocumentoSchema>;

export const IndiceElectronicoSchema = Type.Object({
  expediente: Type.Object({ id_expediente: Type.Integer(), numero: Type.String(), asunto: Type.String() }),
  generado_en: Type.String(),
  funcion_resumen: Type.Literal(FUNCION_RESUMEN),
  entradas: Type.Array(DocumentoSchema),
  /** hash_entrada of the last entry (`null` when empty): one value that seals the whole índice. */
  huella_indice: Type.Union([Type.String(), Type.Null()]),
});
export type IndiceElectronico = Static<typeof IndiceElectronicoSchema>;

/** Outcome of one file of an upload request. */
export const ResultadoSubidaSchema = Type.Object({
  nombre: Type.String(),
  resultado: Type.Union([Type.Literal('subido'), Type.Literal('rechazado')]),
  documento: Type.Optional(DocumentoSchema),
  /** Why it was refused (Spanish, names the file). */
  motivo: Type.Optional(Type.String()),
  /** Accepted with a warning, e.g. the same file already sits in another expediente. */
  aviso: Type.Optional(Type.String()),
});
export type ResultadoSubida = Static<typeof ResultadoSubidaSchema>;

export const AnularDocumentoSchema = Type.Object(
  {
    motivo: Type.String({
      minLength: LIMITES_DOCUMENTO.motivoAnulacionMin,
      maxLength: LIMITES_DOCUMENTO.motivoAnulacionMax,
    }),
  },
  { additionalProperties: false },
);
export type AnularDocumento = Static<typeof AnularDocumentoSchema>;

export const IncidenciaVerificacionSchema = Type.Object({
  orden: Type.Union([Type.Integer(), Type.Null()]),
  nombre: Type.Union([Type.String(), Type.Null()]),
  tipo: Type.Union([
    Type.Literal('archivo_alterado'),
    Type.Literal('archivo_ausente'),
    Type.Literal('cadena_rota'),
    Type.Literal('entrada_alterada'),
  ]),
  /** Spanish explanation for people. */
  detalle: Type.String(),
});
export type IncidenciaVerificacion = Static<typeof IncidenciaVerificacionSchema>;

export const ResultadoVerificacionSchema = Type.Object({
  correcto: Type.Boolean(),
  documentos_verificados: Type.Integer(),
  verificado_en: Type.String(),
  incidencias: Type.Array(IncidenciaVerificacionSchema),
});
export type ResultadoVerificacion = Static<typeof ResultadoVerificacionSchema>;

/**
 * An upload refused as a whole (one file refused, or every file): the error envelope plus each
 * file's outcome, so the client can show why each one failed.
 */
export const SubidaRechazadaSchema = Type.Object({
  success: Type.Literal(false),
  msg: Type.String(),
  code: Type.Optional(Type.String()),
  data: Type.Optional(Type.Array(ResultadoSubidaSchema)),
});
export type SubidaRechazada = Static<typeof SubidaRechazadaSchema>;
