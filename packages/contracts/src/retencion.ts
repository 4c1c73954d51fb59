import { Type, type Static } from 'typebox';
import { IdSchema } from './comunes';
import { ResponsableSchema } from './expedientes';
import { ParrafosSchema } from './texto';
import {
  CODIGO_SERIE_PATTERN,
  DISPOSICIONES,
  ESTADOS_ACTA,
  LIMITES_RETENCION,
  type Disposicion,
  type EstadoActa,
} from './retencion.rules';

export * from './retencion.rules';

const literales = <const T extends string>(values: readonly T[]) =>
  Type.Unsafe<T>(Type.Union(values.map((value) => Type.Literal(value))));

const DisposicionSchema = literales<Disposicion>(DISPOSICIONES);
const EstadoActaSchema = literales<EstadoActa>(ESTADOS_ACTA);

/** A retention rule: `eliminacion` after `anios` years since the expediente was closed, or kept forever. */
const ReglaRetencionSchema = Type.Object(
  {
    disposicion: DisposicionSchema,
    /** Years after closing; null for `conservacion_permanente`. */
    anios: Type.Union([Type.Integer({ minimum: 0, maximum: LIMITES_RETENCION.aniosMax }), Type.Null()]),
  },
  { additionalProperties: false },
);
export type ReglaRetencion = Static<typeof ReglaRetencionSchema>;

const ReglaONada = Type.Union([ReglaRetencionSchema, Type.Null()]);

// ── Cuadro de clasificación ───────────────────────────────────────────────────────────────────

export const SerieDocumentalSchema = Type.Object({
  id: Type.Integer(),
  codigo: Type.String(),
  nombre: Type.String(),
  activo: Type.Boolean(),
  regla: ReglaONada,
  tipos: Type.Array(Type.Object({ id: Type.Integer(), nombre: Type.String() }), {
    maxItems: LIMITES_RETENCION.tiposPorSerie,
  }),
});
export type SerieDocumental = Static<typeof SerieDocumentalSchema>;

/** `POST /api/admin/retencion/series` and `PUT /api/admin/retencion/series/:id`. */
export const GuardarSerieSchema = Type.Object(
  {
    codigo: Type.String({ pattern: CODIGO_SERIE_PATTERN, maxLength: LIMITES_RETENCION.codigoMax }),
    nombre: Type.String({ minLength: 1, maxLength: LIMITES_RETENCION.nombreMax }),
    activo: Type.Optional(Type.Boolean()),
    regla: ReglaONada,
  },
  { additionalProperties: false },
);
export type GuardarSerie = Static<typeof GuardarSerieSchema>;

/** A tipo de expediente in the cuadro: its serie, its own rule, and the rule that applies. */
export const TipoRetencionSchema = Type.Object({
  id: Type.Integer(),
  nombre: Type.String(),
  activo: Type.Boolean(),
  serie: Type.Union([Type.Object({ id: Type.Integer(), codigo: Type.String(), nombre: Type.String() }), Type.Null()]),
  regla: ReglaONada,
  /** The tipo's own rule, or else its serie's; null: never pending de dictamen. */
  regla_efectiva: ReglaONada,
});
export type TipoRetencion = Static<typeof TipoRetencionSchema>;

/** `PUT /api/admin/retencion/tipos/:id`: its serie (null: none) and its own rule (null: the serie's). */
export const AsignarTipoSchema = Type.Object(
  { id_serie: Type.Union([IdSchema, Type.Null()]), regla: ReglaONada },
  { additionalProperties: false },
);
export type AsignarTipo = Static<typeof AsignarTipoSchema>;

// ── Pendientes de dictamen y actas ────────────────────────────────────────────────────────────

const PendienteDictamenSchema = Type.Object({
  id_expediente: Type.Integer(),
  numero: Type.String(),
  asunto: Type.String(),
  tipo: Type.String(),
  serie: Type.Union([Type.String(), Type.Null()]),
  fecha_cierre: Type.String(),
  anios: Type.Integer(),
  /** The day its retention period ended, `aaaa-mm-dd`. */
  cumplido_el: Type.String(),
  documentos: Type.Integer(),
  /** The draft acta that already lists it, if any. */
  acta_borrador: Type.Union([Type.String(), Type.Null()]),
});
export type PendienteDictamen = Static<typeof PendienteDictamenSchema>;

export const PendientesDictamenSchema = Type.Object({
  items: Type.Array(PendienteDictamenSchema, { maxItems: LIMITES_RETENCION.pendientes }),
  /** More are pending than listed. */
  truncado: Type.Boolean(),
});
export type PendientesDictamen = Static<typeof PendientesDictamenSchema>;

const ActaExpedienteSchema = Type.Object({
  id_expediente: Type.Integer(),
  numero: Type.String(),
  asunto: Type.String(),
  /** Documents destroyed (null while a draft). */
  documentos: Type.Union([Type.Integer(), Type.Null()]),
  bytes: Type.Union([Type.Integer(), Type.Null()]),
});

export const ActaResumenSchema = Type.Object({
  id: Type.Integer(),
  numero: Type.String(),
  estado: EstadoActaSchema,
  motivo: Type.String(),
  creada_por: ResponsableSchema,
  creada_en: Type.String(),
  aprobada_por: Type.Union([ResponsableSchema, Type.Null()]),
  aprobada_en: Type.Union([Type.String(), Type.Null()]),
  motivo_aprobacion: Type.Union([Type.String(), Type.Null()]),
  ejecutada_en: Type.Union([Type.String(), Type.Null()]),
  num_expedientes: Type.Integer(),
});
export type ActaResumen = Static<typeof ActaResumenSchema>;

export const ActaEliminacionSchema = Type.Object({
  ...ActaResumenSchema.properties,
  expedientes: Type.Array(ActaExpedienteSchema, { maxItems: LIMITES_RETENCION.expedientesPorActa }),
});
export type ActaEliminacion = Static<typeof ActaEliminacionSchema>;

export const ActasSchema = Type.Array(ActaResumenSchema, { maxItems: LIMITES_RETENCION.actas });

/** `POST /api/admin/retencion/actas`: a draft listing pendientes de dictamen. */
export const CrearActaSchema = Type.Object(
  {
    motivo: ParrafosSchema({ minLength: LIMITES_RETENCION.motivoMin, maxLength: LIMITES_RETENCION.motivoActaMax }),
    expedientes: Type.Array(IdSchema, {
      minItems: 1,
      maxItems: LIMITES_RETENCION.expedientesPorActa,
      uniqueItems: true,
    }),
  },
  { additionalProperties: false },
);
export type CrearActa = Static<typeof CrearActaSchema>;

/** `POST /api/admin/retencion/actas/:id/aprobacion`: approve and execute. */
export const AprobarActaSchema = Type.Object(
  { motivo: ParrafosSchema({ minLength: LIMITES_RETENCION.motivoMin, maxLength: LIMITES_RETENCION.motivoActaMax }) },
  { additionalProperties: false },
);
export type AprobarActa = Static<typeof AprobarActaSchema>;

// ── Retención de un expediente ───────────────────────────────────────────────────────────────

const RetencionLegalSchema = Type.Object({
  id: Type.Integer(),
  motivo: Type.String(),
  puesta_por: ResponsableSchema,
  puesta_en: Type.String(),
  levantada_en: Type.Union([Type.String(), Type.Null()]),
  levantada_por: Type.Union([ResponsableSchema, Type.Null()]),
  motivo_levantamiento: Type.Union([Type.String(), Type.Null()]),
});
export type RetencionLegal = Static<typeof RetencionLegalSchema>;

/** `GET /api/expedientes/:id/retencion`: what retention says of one expediente. */
export const RetencionExpedienteSchema = Type.Object({
  regla: ReglaONada,
  pendiente_dictamen: Type.Boolean(),
  /** The active hold, if any. */
  retencion_legal: Type.Union([RetencionLegalSchema, Type.Null()]),
  retenciones: Type.Array(RetencionLegalSchema, { maxItems: LIMITES_RETENCION.retencionesListadas }),
  /** The approved acta that destroyed its documents. */
  eliminado: Type.Union([Type.Object({ acta: Type.String(), aprobada_en: Type.String() }), Type.Null()]),
});
export type RetencionExpediente = Static<typeof RetencionExpedienteSchema>;

/** `POST /api/expedientes/:id/retencion-legal` and `.../retencion-legal/levantamiento`. */
export const MotivoRetencionSchema = Type.Object(
  { motivo: ParrafosSchema({ minLength: LIMITES_RETENCION.motivoMin, maxLength: LIMITES_RETENCION.motivoMax }) },
  { additionalProperties: false },
);
