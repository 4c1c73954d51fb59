import { Type, type Static, type TObject } from 'typebox';
import { ENTERO_MAXIMO, FechaSchema, IdSchema, PAGINA_MAXIMA } from './comunes';
import { ParrafosSchema } from './texto';
import { PlazoResumenSchema } from './plazos';
import { FILTROS_PLAZO } from './plazos.rules';
import {
  BASES_GESTION,
  DOCUMENTO_IDENTIDAD_PATTERN,
  ESTADOS_EXPEDIENTE,
  EVENTOS_HISTORIAL,
  LIMITES_EXPEDIENTE,
  LIMITES_HISTORIAL,
  ORDENABLES,
  PAGE_SIZES,
} from './expedientes.rules';

/**
 * `anyOf` of literals whose static type is the union of the values (a plain `Type.Union` over a
 * mapped array is typed `never`, since TypeBox needs a tuple to infer it).
 */
const literales = <const T extends string | number>(values: readonly T[]) =>
  Type.Unsafe<T>(Type.Union(values.map((value) => Type.Literal(value))));

export * from './expedientes.rules';

export const EstadoExpedienteSchema = literales(ESTADOS_EXPEDIENTE);

export const CatalogoItemSchema = Type.Object({ id: Type.Integer(), nombre: Type.String() });
export type CatalogoItem = Static<typeof CatalogoItemSchema>;

/** An entry of a catalogue as the forms and filters read it: inactive ones filter old records only. */
export const CatalogoEntradaSchema = Type.Object({ id: Type.Integer(), nombre: Type.String(), activo: Type.Boolean() });
export type CatalogoEntrada = Static<typeof CatalogoEntradaSchema>;

/** A unidad in the forms and filters: `ruta` names it with the unidades above it («Hacienda › Tesorería»). */
export const UnidadCatalogoSchema = Type.Object({
  id: Type.Integer(),
  codigo: Type.String(),
  nombre: Type.String(),
  ruta: Type.String(),
  activo: Type.Boolean(),
});
export type UnidadCatalogo = Static<typeof UnidadCatalogoSchema>;

/** `todas`: every unidad (filters); `creacion`: where the caller may open an expediente (active ones). */
export const UnidadesQuerySchema = Type.Object(
  { ambito: Type.Optional(Type.Union([Type.Literal('todas'), Type.Literal('creacion')])) },
  { additionalProperties: false },
);

/** Without `unidad`: everyone known (filters). With it: who may answer for an expediente of that unidad (its people and those of the unidades above it). */
export const ResponsablesQuerySchema = Type.Object(
  { unidad: Type.Optional(IdSchema) },
  { additionalProperties: false },
);

export const ResponsableSchema = Type.Object({
  id_usuario: Type.Integer(),
  nombre_completo: Type.String(),
  username: Type.String(),
});
export type Responsable = Static<typeof ResponsableSchema>;

export const ExpedienteSchema = Type.Object({
  id_expediente: Type.Integer(),
  /** `EXP-<año>-<6 dígitos>`. */
  numero: Type.String(),
  asunto: Type.String(),
  descripcion: Type.Union([Type.String(), Type.Null()]),
  tipo: CatalogoItemSchema,
  unidad: CatalogoItemSchema,
  interesado_nombre: Type.Union([Type.String(), Type.Null()]),
  interesado_documento: Type.Union([Type.String(), Type.Null()]),
  responsable: Type.Union([ResponsableSchema, Type.Null()]),
  estado: EstadoExpedienteSchema,
  /** ISO 8601 timestamps. */
  fecha_apertura: Type.String(),
  fecha_cierre: Type.Union([Type.String(), Type.Null()]),
  creado_por: ResponsableSchema,
  actualizado_en: Type.String(),
  /** Optimistic locking: send back the version you read with every change. */
  version: Type.Integer(),
  /**
   * Whether the caller may change it (their unidad or one above it, they hold a `gestion` acceso,
   * or they see every expediente); the role's permisos still apply.
   */
  gestion: Type.Boolean(),
  /** What that gestión rests on (null without it): with only an `acceso`, no responsable nor transfer. */
  gestion_por: Type.Union([literales(BASES_GESTION), Type.Null()]),
  /** Its plazo de resolución (null when its tipo carries none): the last day and where it stands. */
  plazo: Type.Union([PlazoResumenSchema, Type.Null()]),
});
export type Expediente = Static<typeof ExpedienteSchema>;

/** A row of the list: the detail without descripcion. */
const ExpedienteResumenSchema = Type.Omit(ExpedienteSchema, ['descripcion']);
export type ExpedienteResumen = Static<typeof ExpedienteResumenSchema>;

/**
 * Filters of `GET /api/expedientes` and `GET /api/expedientes/export.csv`. Arrays arrive as repeated
 * parameters (`estado=abierto&estado=en_tramite`). Dates are `YYYY-MM-DD` in Europe/Madrid, both ends included;
 * `desde`/`hasta` filter by opening date.
 */
const filtroProperties = {
  q: Type.Optional(Type.String({ maxLength: 200 })),
  estado: Type.Optional(Type.Array(EstadoExpedienteSchema)),
  tipo: Type.Optional(IdSchema),
  unidad: Type.Optional(IdSchema),
  responsable: Type.Optional(IdSchema),
  desde: Type.Optional(FechaSchema),
  hasta: Type.Optional(FechaSchema),
  /** Closing date (`fecha_cierre`), both ends included. */
  cierre_desde: Type.Optional(FechaSchema),
  cierre_hasta: Type.Optional(FechaSchema),
  /** Only expedientes with a (non-voided) document incorporated on or after this day. */
  documentos_desde: Type.Optional(FechaSchema),
  /** Only the expedientes the caller may change (see `gestion`): the upload view's destinations. */
  gestion: Type.Optional(Type.Boolean()),
  /** Open expedientes whose plazo is past, falls due from today to Sunday, or stands suspended. */
  plazo: Type.Optional(literales(FILTROS_PLAZO)),
};

export type ExpedientesFiltro = Static<TObject<typeof filtroProperties>>;

export const ExpedientesListaQuerySchema = Type.Object(
  {
    ...filtroProperties,
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGINA_MAXIMA })),
    /** Any size up to the largest the web offers (`PAGE_SIZES`), so scripts may read e.g. 20 at a time. */
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: Math.max(...PAGE_SIZES) })),
    sort: Type.Optional(literales(ORDENABLES)),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
    /**
     * Keyset paging: the `siguiente` of the previous page; the answer holds the rows strictly after
     * it in the same filters and order (`page` is then only echoed). Without it, `page` skips rows.
     */
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
    /**
     * `todos`: count every match even past the usual «más de 1.000», so the pager knows the last
     * page. Asked for when a person wants it: on a very large list it costs a full count.
     */
    contar: Type.Optional(Type.Literal('todos')),
  },
  { additionalProperties: false },
);
export type ExpedientesListaQuery = Static<typeof ExpedientesListaQuerySchema>;

export const ExpedientesPaginaSchema = Type.Object({
  items: Type.Array(ExpedienteResumenSchema, { maxItems: Math.max(...PAGE_SIZES) }),
  /** With `totalExacto: false`, a lower bound: there are more than `total` rows (counting them all would be slow). */
  total: Type.Integer(),
  totalExacto: Type.Boolean(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  /** Cursor of the last row, to send as `cursor` for the next page; null on the last page. */
  siguiente: Type.Union([Type.String(), Type.Null()]),
});
export type ExpedientesPagina = Static<typeof ExpedientesPaginaSchema>;

const Asunto = Type.String({ minLength: LIMITES_EXPEDIENTE.asuntoMin, maxLength: LIMITES_EXPEDIENTE.asuntoMax });
const Descripcion = Type.Union([ParrafosSchema({ maxLength: LIMITES_EXPEDIENTE.descripcionMax }), Type.Null()]);
const InteresadoNombre = Type.Union([Type.String({ maxLength: LIMITES_EXPEDIENTE.interesadoNombreMax }), Type.Null()]);
const InteresadoDocumento = Type.Union([Type.String({ pattern: DOCUMENTO_IDENTIDAD_PATTERN }), Type.Null()]);

export const CrearExpedienteSchema = Type.Object(
  {
    asunto: Asunto,
    descripcion: Type.Optional(Descripcion),
    id_tipo: IdSchema,
    id_unidad: IdSchema,
    interesado_nombre: Type.Optional(InteresadoNombre),
    interesado_documento: Type.Optional(InteresadoDocumento),
    id_responsable: Type.Optional(Type.Union([IdSchema, Type.Null()])),
  },
  { additionalProperties: false },
);
export type CrearExpediente = Static<typeof CrearExpedienteSchema>;

/** PATCH: only the fields that change, plus the `version` that was read. */
export const EditarExpedienteSchema = Type.Object(
  {
    version: Type.Integer({ minimum: 1, maximum: ENTERO_MAXIMO }),
    asunto: Type.Optional(Asunto),
    descripcion: Type.Optional(Descripcion),
    id_tipo: Type.Optional(IdSchema),
    id_unidad: Type.Optional(IdSchema),
    interesado_nombre: Type.Optional(InteresadoNombre),
    interesado_documento: Type.Optional(InteresadoDocumento),
    id_responsable: Type.Optional(Type.Union([IdSchema, Type.Null()])),
  },
  { additionalProperties: false },
);
export type EditarExpediente = Static<typeof EditarExpedienteSchema>;

export const CambiarEstadoSchema = Type.Object(
  {
    estado: EstadoExpedienteSchema,
    motivo: Type.Optional(ParrafosSchema({ maxLength: LIMITES_EXPEDIENTE.motivoMax })),
    version: Type.Integer({ minimum: 1, maximum: ENTERO_MAXIMO }),
  },
  { additionalProperties: false },
);
export type CambiarEstado = Static<typeof CambiarEstadoSchema>;

/** Hands the expediente to another unidad: the old one loses sight of it unless granted an acceso. */
export const TransferirExpedienteSchema = Type.Object(
  {
    id_unidad: IdSchema,
    motivo: ParrafosSchema({
      minLength: LIMITES_EXPEDIENTE.motivoTransferenciaMin,
      maxLength: LIMITES_EXPEDIENTE.motivoMax,
    }),
    version: Type.Integer({ minimum: 1, maximum: ENTERO_MAXIMO }),
    /**
     * Who answers for it in the destination: someone of that unidad (or one above it), or null for
     * nobody. Absent: the current responsable stays if they belong there, otherwise it has none.
     */
    id_responsable: Type.Optional(Type.Union([IdSchema, Type.Null()])),
  },
  { additionalProperties: false },
);
export type TransferirExpediente = Static<typeof TransferirExpedienteSchema>;

const CambioCampoSchema = Type.Object({
  /** The field's Spanish label as people read it: «Asunto», «Descripción», «Tipo», «Unidad», «Interesado», «Documento del interesado», «Responsable», «Estado». */
  campo: Type.String(),
  anterior: Type.Union([Type.String(), Type.Null()]),
  nuevo: Type.Union([Type.String(), Type.Null()]),
});
export type CambioCampo = Static<typeof CambioCampoSchema>;

export const HistorialQuerySchema = Type.Object(
  {
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITES_HISTORIAL.paginaMax })),
    /** The `siguiente` of the previous page: the entries strictly older than its last one. */
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })),
    /** With the reads (consultas, descargas, previsualizaciones), one entry per person and day. */
    lecturas: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type HistorialQuery = Static<typeof HistorialQuerySchema>;

/** The reads of one person on one day, counted: `fecha` is the first of them. */
const LecturaContadaSchema = Type.Object({
  veces: Type.Integer({ minimum: 1 }),
  /** The day (aaaa-mm-dd, Europe/Madrid). */
  dia: Type.String(),
  primera: Type.String(),
  ultima: Type.String(),
});

const HistorialEntradaSchema = Type.Object({
  /** Unique among changes, and among reads; a change and a read may share it (see `lectura`). */
  id: Type.Integer(),
  evento: literales(EVENTOS_HISTORIAL),
  /** Human-readable Spanish summary, e.g. "Cambió el estado de Abierto a En trámite". */
  descripcion: Type.String(),
  /** edicion: the fields that changed (display values, old → new). */
  cambios: Type.Array(CambioCampoSchema, { maxItems: 20 }),
  motivo: Type.Union([Type.String(), Type.Null()]),
  usuario: ResponsableSchema,
  fecha: Type.String(),
  /** Set on the reads of a person on a day (`lecturas=true`), null on a change. */
  lectura: Type.Union([LecturaContadaSchema, Type.Null()]),
});
export type HistorialEntrada = Static<typeof HistorialEntradaSchema>;

export const HistorialPaginaSchema = Type.Object({
  items: Type.Array(HistorialEntradaSchema, { maxItems: LIMITES_HISTORIAL.paginaMax }),
  /** Cursor of the last entry, to send as `cursor` for the next page; null on the last page. */
  siguiente: Type.Union([Type.String(), Type.Null()]),
  /** Whether anyone has read the expediente (there is something to show with `lecturas=true`). */
  hay_lecturas: Type.Boolean(),
});
export type HistorialPagina = Static<typeof HistorialPaginaSchema>;
