import { Type, type Static } from 'typebox';
import { LIMITES_DOCUMENTO, FUNCION_RESUMEN, LIMITES_BUSQUEDA } from './documentos.rules';
import { CatalogoItemSchema, ResponsableSchema } from './expedientes';
import { CAPACIDAD, FechaSchema, IdSchema } from './comunes';
import { ParrafosSchema } from './texto';

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
  /** Its bytes were destroyed by an approved acta de eliminación (its entry and huella stay). */
  eliminado: Type.Optional(
    Type.Union([Type.Object({ acta: Type.String(), destruido_en: Type.String() }), Type.Null()]),
  ),
});
export type Documento = Static<typeof DocumentoSchema>;

const EstadoTextoSchema = Type.Union([
  Type.Literal('pendiente'),
  Type.Literal('indexado'),
  Type.Literal('sin_texto'),
  Type.Literal('error'),
]);

/** The text of a document: its state and, for `sin_texto` and `error`, why (Spanish). */
const TextoDocumentoSchema = Type.Object({
  estado: EstadoTextoSchema,
  motivo: Type.Union([Type.String(), Type.Null()]),
  /** Pages read (PDF, TIFF), once extracted. */
  paginas: Type.Union([Type.Integer(), Type.Null()]),
  /** Pages or images read by OCR. */
  paginas_ocr: Type.Integer(),
});

/** A document as the Documentos tab lists it: the índice entry, its text state and whether it has a thumbnail. */
export const DocumentoListadoSchema = Type.Object({
  ...DocumentoSchema.properties,
  texto: TextoDocumentoSchema,
  /** `GET /api/documentos/:id/miniatura` answers a JPEG of its first page. */
  miniatura: Type.Boolean(),
});
export type DocumentoListado = Static<typeof DocumentoListadoSchema>;

export const BuscarDocumentosQuerySchema = Type.Object(
  {
    q: Type.String({ minLength: LIMITES_BUSQUEDA.qMin, maxLength: LIMITES_BUSQUEDA.qMax }),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITES_BUSQUEDA.porPaginaMax })),
    /** Only the documents of this expediente. */
    id_expediente: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
    /** Only the expedientes of this unidad and of the unidades below it. */
    id_unidad: Type.Optional(IdSchema),
    /** Only the documents of this tipo documental. */
    id_tipo_documental: Type.Optional(IdSchema),
    /** Only the documents added to their expediente on or after this day (Europe/Madrid). */
    desde: Type.Optional(FechaSchema),
    /** Only the documents added on or before this day. */
    hasta: Type.Optional(FechaSchema),
    /** Only the documents whose text extraction is in this state. */
    estado_texto: Type.Optional(EstadoTextoSchema),
  },
  { additionalProperties: false },
);
export type BuscarDocumentosQuery = Static<typeof BuscarDocumentosQuerySchema>;

/** A piece of a fragment: text as it is, `resaltado` where it matched the search. */
const TrozoFragmentoSchema = Type.Object({ texto: Type.String(), resaltado: Type.Boolean() });
export type TrozoFragmento = Static<typeof TrozoFragmentoSchema>;

const ResultadoBusquedaSchema = Type.Object({
  id_documento: Type.Integer(),
  orden: Type.Integer(),
  nombre: Type.String(),
  formato: Type.String(),
  mime: Type.String(),
  anulado: Type.Boolean(),
  tipo_documental: Type.String(),
  /** When the document entered its expediente (ISO 8601). */
  fecha_incorporacion: Type.String({ format: 'date-time' }),
  /** Where the extraction of its text stands: a document whose text could not be read is found by its name only. */
  estado_texto: EstadoTextoSchema,
  expediente: Type.Object({
    id_expediente: Type.Integer(),
    numero: Type.String(),
    asunto: Type.String(),
  }),
  /** Where the words were found, with the matches marked; empty when only the name matched. */
  fragmento: Type.Array(TrozoFragmentoSchema, { maxItems: LIMITES_BUSQUEDA.trozosMax }),
  /** Relevance (ts_rank): higher first. */
  rango: Type.Number(),
  miniatura: Type.Boolean(),
});
export type ResultadoBusqueda = Static<typeof ResultadoBusquedaSchema>;

export const PaginaBusquedaSchema = Type.Object({
  items: Type.Array(ResultadoBusquedaSchema, { maxItems: LIMITES_BUSQUEDA.porPaginaMax }),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  /** Exact up to `LIMITES_BUSQUEDA.coincidenciasMax`; past it, that number with `totalExacto: false`. */
  total: Type.Integer(),
  totalExacto: Type.Boolean(),
});
export type PaginaBusqueda = Static<typeof PaginaBusquedaSchema>;

export const IndiceTextoEstadoSchema = Type.Object({
  /** Documents per state of their text. */
  porEstado: Type.Object({
    pendiente: Type.Integer(),
    indexado: Type.Integer(),
    sin_texto: Type.Integer(),
    error: Type.Integer(),
  }),
  /** Documents being read right now (pending, held by a worker). */
  enProceso: Type.Integer(),
  /** The last (or current) re-indexing. */
  reindexado: Type.Union([
    Type.Object({
      modo: Type.Union([Type.Literal('vectores'), Type.Literal('extraccion')]),
      iniciado: Type.String(),
      terminado: Type.Union([Type.String(), Type.Null()]),
      total: Type.Integer(),
      hechos: Type.Integer(),
      solicitado_por: Type.String(),
    }),
    Type.Null(),
  ]),
  /** Whether Tesseract's Spanish model is installed on this instance. */
  ocrDisponible: Type.Boolean(),
  /** The last documents that ended in `error`, newest first. */
  errores: Type.Array(
    Type.Object({
      id_documento: Type.Integer(),
      nombre: Type.String(),
      numero: Type.String(),
      motivo: Type.Union([Type.String(), Type.Null()]),
      actualizado: Type.String(),
    }),
    { maxItems: LIMITES_BUSQUEDA.erroresListados },
  ),
});
export type IndiceTextoEstado = Static<typeof IndiceTextoEstadoSchema>;

export const ReindexarSchema = Type.Object(
  {
    /**
     * `vectores` (default): rebuild every search vector from the stored text (after a change of
     * configuration; minutes). `extraccion`: read every file again (OCR included; hours).
     */
    modo: Type.Optional(Type.Union([Type.Literal('vectores'), Type.Literal('extraccion')])),
  },
  { additionalProperties: false },
);
export type Reindexar = Static<typeof ReindexarSchema>;

export const IndiceElectronicoSchema = Type.Object({
  expediente: Type.Object({ id_expediente: Type.Integer(), numero: Type.String(), asunto: Type.String() }),
  generado_en: Type.String(),
  funcion_resumen: Type.Literal(FUNCION_RESUMEN),
  entradas: Type.Array(DocumentoSchema, { maxItems: CAPACIDAD.documentosPorExpediente }),
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
    motivo: ParrafosSchema({
      minLength: LIMITES_DOCUMENTO.motivoAnulacionMin,
      maxLength: LIMITES_DOCUMENTO.motivoAnulacionMax,
    }),
  },
  { additionalProperties: false },
);
export type AnularDocumento = Static<typeof AnularDocumentoSchema>;

/** Stored signatures of one índice checked at most (see `LIMITES_FIRMAS` of the ENI contract). */
const LIMITES_FIRMAS_VERIFICADAS = 200;

const IncidenciaVerificacionSchema = Type.Object({
  orden: Type.Union([Type.Integer(), Type.Null()]),
  nombre: Type.Union([Type.String(), Type.Null()]),
  tipo: Type.Union([
    Type.Literal('archivo_alterado'),
    Type.Literal('archivo_ausente'),
    Type.Literal('cadena_rota'),
    Type.Literal('entrada_alterada'),
    /** A stored signature of the índice (XAdES or PAdES) no longer holds. */
    Type.Literal('firma_rota'),
  ]),
  /** Spanish explanation for people. */
  detalle: Type.String(),
});
export type IncidenciaVerificacion = Static<typeof IncidenciaVerificacionSchema>;

export const ResultadoVerificacionSchema = Type.Object({
  correcto: Type.Boolean(),
  documentos_verificados: Type.Integer(),
  verificado_en: Type.String(),
  incidencias: Type.Array(IncidenciaVerificacionSchema, {
    maxItems: 3 * CAPACIDAD.documentosPorExpediente + 1 + LIMITES_FIRMAS_VERIFICADAS,
  }),
  /** Signatures of the índice by the institution's seal checked again (XAdES and PAdES). */
  firmas_verificadas: Type.Optional(Type.Integer()),
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
  data: Type.Optional(Type.Array(ResultadoSubidaSchema, { maxItems: LIMITES_DOCUMENTO.archivosPorSubida })),
});
