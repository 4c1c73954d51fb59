import { Type, type Static } from 'typebox';

/**
 * `anyOf` of literals whose static type is the union of the values (a plain `Type.Union` over a
 * mapped array is typed `never`, since TypeBox needs a tuple to infer it).
 */
const literales = <const T extends string | number>(values: readonly T[]) =>
  Type.Unsafe<T>(Type.Union(values.map((value) => Type.Literal(value))));

/** Life cycle: abierto → en_tramite → cerrado → archivado; cerrado → en_tramite only by "reabrir". */
export const ESTADOS_EXPEDIENTE = ['abierto', 'en_tramite', 'cerrado', 'archivado'] as const;
export type EstadoExpediente = (typeof ESTADOS_EXPEDIENTE)[number];
export const EstadoExpedienteSchema = literales(ESTADOS_EXPEDIENTE);

export const ESTADO_ETIQUETAS: Record<EstadoExpediente, string> = {
  abierto: 'Abierto',
  en_tramite: 'En trámite',
  cerrado: 'Cerrado',
  archivado: 'Archivado',
};

/** Allowed transitions; the server checks them, the web uses them to show only possible actions. */
export const TRANSICIONES: Record<EstadoExpediente, readonly EstadoExpediente[]> = {
  abierto: ['en_tramite'],
  en_tramite: ['cerrado'],
  cerrado: ['archivado', 'en_tramite'],
  archivado: [],
};

/** A transition that needs a `motivo` (reabrir: cerrado → en_tramite). */
export const requiereMotivo = (desde: EstadoExpediente, hacia: EstadoExpediente): boolean =>
  desde === 'cerrado' && hacia === 'en_tramite';

/** Estados in which the expediente can be edited and receive documents. */
export const ESTADOS_ACTIVOS: readonly EstadoExpediente[] = ['abierto', 'en_tramite'];

export const LIMITES_EXPEDIENTE = {
  asuntoMin: 5,
  asuntoMax: 300,
  descripcionMax: 5000,
  interesadoNombreMax: 200,
  interesadoDocumentoMax: 20,
  motivoMax: 1000,
} as const;

/** DNI, NIE, NIF/CIF (Spain) or a numeric cédula: shape only, no check digit. */
export const DOCUMENTO_IDENTIDAD_PATTERN = '^(?:[0-9]{8}[A-Z]|[XYZ][0-9]{7}[A-Z]|[ABCDEFGHJKLMNPQRSUVW][0-9]{7}[0-9A-J]|[0-9]{6,10})$';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const ORDENABLES = ['numero', 'fecha_apertura', 'estado', 'asunto'] as const;
export type CampoOrden = (typeof ORDENABLES)[number];

export const CatalogoItemSchema = Type.Object({ id: Type.Integer(), nombre: Type.String() });
export type CatalogoItem = Static<typeof CatalogoItemSchema>;

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
});
export type Expediente = Static<typeof ExpedienteSchema>;

/** A row of the list: the detail without descripcion. */
export const ExpedienteResumenSchema = Type.Omit(ExpedienteSchema, ['descripcion']);
export type ExpedienteResumen = Static<typeof ExpedienteResumenSchema>;

/**
 * Filters of `GET /api/expedientes` and `GET /api/expedientes/export.csv`. Arrays arrive as repeated
 * parameters (`estado=abierto&estado=en_tramite`). Dates are `YYYY-MM-DD`, both ends included.
 */
const filtroProperties = {
  q: Type.Optional(Type.String({ maxLength: 200 })),
  estado: Type.Optional(Type.Array(EstadoExpedienteSchema)),
  tipo: Type.Optional(Type.Integer({ minimum: 1 })),
  unidad: Type.Optional(Type.Integer({ minimum: 1 })),
  responsable: Type.Optional(Type.Integer({ minimum: 1 })),
  desde: Type.Optional(Type.String({ format: 'date' })),
  hasta: Type.Optional(Type.String({ format: 'date' })),
};

export const ExpedientesFiltroSchema = Type.Object(filtroProperties, { additionalProperties: false });
export type ExpedientesFiltro = Static<typeof ExpedientesFiltroSchema>;

export const ExpedientesListaQuerySchema = Type.Object(
  {
    ...filtroProperties,
    page: Type.Optional(Type.Integer({ minimum: 1 })),
    pageSize: Type.Optional(literales(PAGE_SIZES)),
    sort: Type.Optional(literales(ORDENABLES)),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  },
  { additionalProperties: false },
);
export type ExpedientesListaQuery = Static<typeof ExpedientesListaQuerySchema>;

export const ExpedientesPaginaSchema = Type.Object({
  items: Type.Array(ExpedienteResumenSchema),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
export type ExpedientesPagina = Static<typeof ExpedientesPaginaSchema>;

const Asunto = Type.String({ minLength: LIMITES_EXPEDIENTE.asuntoMin, maxLength: LIMITES_EXPEDIENTE.asuntoMax });
const Descripcion = Type.Union([Type.String({ maxLength: LIMITES_EXPEDIENTE.descripcionMax }), Type.Null()]);
const InteresadoNombre = Type.Union([Type.String({ maxLength: LIMITES_EXPEDIENTE.interesadoNombreMax }), Type.Null()]);
const InteresadoDocumento = Type.Union([Type.String({ pattern: DOCUMENTO_IDENTIDAD_PATTERN }), Type.Null()]);

export const CrearExpedienteSchema = Type.Object(
  {
    asunto: Asunto,
    descripcion: Type.Optional(Descripcion),
    id_tipo: Type.Integer({ minimum: 1 }),
    id_unidad: Type.Integer({ minimum: 1 }),
    interesado_nombre: Type.Optional(InteresadoNombre),
    interesado_documento: Type.Optional(InteresadoDocumento),
    id_responsable: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type CrearExpediente = Static<typeof CrearExpedienteSchema>;

/** PATCH: only the fields that change, plus the `version` that was read. */
export const EditarExpedienteSchema = Type.Object(
  {
    version: Type.Integer({ minimum: 1 }),
    asunto: Type.Optional(Asunto),
    descripcion: Type.Optional(Descripcion),
    id_tipo: Type.Optional(Type.Integer({ minimum: 1 })),
    id_unidad: Type.Optional(Type.Integer({ minimum: 1 })),
    interesado_nombre: Type.Optional(InteresadoNombre),
    interesado_documento: Type.Optional(InteresadoDocumento),
    id_responsable: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type EditarExpediente = Static<typeof EditarExpedienteSchema>;

export const CambiarEstadoSchema = Type.Object(
  {
    estado: EstadoExpedienteSchema,
    motivo: Type.Optional(Type.String({ maxLength: LIMITES_EXPEDIENTE.motivoMax })),
    version: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type CambiarEstado = Static<typeof CambiarEstadoSchema>;

export const EVENTOS_HISTORIAL = [
  'creacion',
  'edicion',
  'cambio_estado',
  'consulta',
  'documento_subido',
  'documento_descargado',
  'documento_previsualizado',
  'documento_anulado',
] as const;
export type EventoHistorial = (typeof EVENTOS_HISTORIAL)[number];

export const CambioCampoSchema = Type.Object({
  /** The field's Spanish label as people read it: «Asunto», «Descripción», «Tipo», «Unidad», «Interesado», «Documento del interesado», «Responsable», «Estado». */
  campo: Type.String(),
  anterior: Type.Union([Type.String(), Type.Null()]),
  nuevo: Type.Union([Type.String(), Type.Null()]),
});
export type CambioCampo = Static<typeof CambioCampoSchema>;

export const HistorialEventoSchema = Type.Object({
  id: Type.Integer(),
  evento: literales(EVENTOS_HISTORIAL),
  /** Human-readable Spanish summary, e.g. "Cambió el estado de Abierto a En trámite". */
  descripcion: Type.String(),
  /** edicion: the fields that changed (display values, old → new). */
  cambios: Type.Array(CambioCampoSchema),
  motivo: Type.Union([Type.String(), Type.Null()]),
  usuario: ResponsableSchema,
  fecha: Type.String(),
});
export type HistorialEvento = Static<typeof HistorialEventoSchema>;
