import { Type, type Static } from 'typebox';
import { CAPACIDAD, FechaSchema, IdSchema, PAGINA_MAXIMA, UnidadReferenciaSchema } from './comunes';
import { ResponsableSchema } from './expedientes';
import { ParrafosSchema } from './texto';
import {
  ACCESOS_PERSONA_POR_PAGINA,
  CAUSAS_FIN_ACCESO,
  ESTADOS_ACCESO,
  LIMITES_ACCESO,
  NIVELES_ACCESO,
  type CausaFinAcceso,
  type EstadoAcceso,
  type NivelAcceso,
} from './accesos.rules';

export * from './accesos.rules';

const NivelAccesoSchema = Type.Unsafe<NivelAcceso>(Type.Union(NIVELES_ACCESO.map((nivel) => Type.Literal(nivel))));
const EstadoAccesoSchema = Type.Unsafe<EstadoAcceso>(Type.Union(ESTADOS_ACCESO.map((estado) => Type.Literal(estado))));

/** Whom a grant is for: one person, or a unidad and so the unidades below it. */
const DestinatarioAccesoSchema = Type.Union([
  Type.Object({ tipo: Type.Literal('usuario'), usuario: ResponsableSchema }),
  Type.Object({ tipo: Type.Literal('unidad'), unidad: UnidadReferenciaSchema }),
]);

export const AccesoSchema = Type.Object({
  id_acceso: Type.Integer(),
  destinatario: DestinatarioAccesoSchema,
  nivel: NivelAccesoSchema,
  /** Last day on which it holds (`aaaa-mm-dd`, Europe/Madrid); null: until revoked. */
  hasta: Type.Union([Type.String(), Type.Null()]),
  motivo: Type.String(),
  concedido_por: ResponsableSchema,
  concedido_en: Type.String(),
  estado: EstadoAccesoSchema,
  revocado_por: Type.Union([ResponsableSchema, Type.Null()]),
  revocado_en: Type.Union([Type.String(), Type.Null()]),
  /** The grant whose holder made this one on its strength: this one ends with it. */
  derivado_de: Type.Union([Type.Integer(), Type.Null()]),
  /** Why it ended when no person revoked it by hand (`revocado_por` is then who set that off). */
  causa_fin: Type.Union([
    Type.Unsafe<CausaFinAcceso>(Type.Union(CAUSAS_FIN_ACCESO.map((causa) => Type.Literal(causa)))),
    Type.Null(),
  ]),
});
export type Acceso = Static<typeof AccesoSchema>;

/** A grant as the expediente's Accesos tab lists it: whether the caller may revoke it. */
const AccesoEnExpedienteSchema = Type.Object({ ...AccesoSchema.properties, revocable: Type.Boolean() });
export type AccesoEnExpediente = Static<typeof AccesoEnExpedienteSchema>;

/** Who can see an expediente and why: its unidad (and those above it), its responsable, and the grants. */
export const AccesosExpedienteSchema = Type.Object({
  unidad: UnidadReferenciaSchema,
  /** The unidades whose members see it through the tree: its own and every one above it, nearest first. */
  unidades_con_vista: Type.Array(UnidadReferenciaSchema, { maxItems: CAPACIDAD.unidades }),
  responsable: Type.Union([ResponsableSchema, Type.Null()]),
  /** Every grant ever made on it, newest first (the revoked and expired ones are kept as evidence). */
  accesos: Type.Array(AccesoEnExpedienteSchema, { maxItems: CAPACIDAD.accesosListados }),
  /** Whether the caller may grant and revoke here (always: only who has gestión reads this list). */
  puede_gestionar: Type.Boolean(),
  /**
   * Null: the caller's gestión comes from its unidad or from seeing every expediente, and a grant
   * may be anything. Otherwise it comes only from their own grant, and what they grant may last no
   * longer than it: `hasta` is its last day (null: it has none).
   */
  limite_concesion: Type.Union([Type.Object({ hasta: Type.Union([Type.String(), Type.Null()]) }), Type.Null()]),
});
export type AccesosExpediente = Static<typeof AccesosExpedienteSchema>;

export const ConcederAccesoSchema = Type.Object(
  {
    /** Exactly one of `id_usuario` and `id_unidad`. */
    id_usuario: Type.Optional(IdSchema),
    id_unidad: Type.Optional(IdSchema),
    nivel: NivelAccesoSchema,
    hasta: Type.Optional(Type.Union([FechaSchema, Type.Null()])),
    motivo: ParrafosSchema({ minLength: LIMITES_ACCESO.motivoMin, maxLength: LIMITES_ACCESO.motivoMax }),
  },
  { additionalProperties: false },
);
export type ConcederAcceso = Static<typeof ConcederAccesoSchema>;

/** A grant with the expediente it opens, as Administración lists the grants of a person. */
export const AccesoDePersonaSchema = Type.Object({
  ...AccesoSchema.properties,
  expediente: Type.Object({ id_expediente: Type.Integer(), numero: Type.String(), asunto: Type.String() }),
});
export type AccesoDePersona = Static<typeof AccesoDePersonaSchema>;

/** `recibidos`: made to the person or to a unidad that reaches them; `concedidos`: made by them. */
export const AccesosPersonaQuerySchema = Type.Object(
  {
    tipo: Type.Union([Type.Literal('recibidos'), Type.Literal('concedidos')]),
    /** Only the live ones (default); false: also the expired and revoked ones. */
    vigentes: Type.Optional(Type.Boolean()),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGINA_MAXIMA })),
  },
  { additionalProperties: false },
);
export type AccesosPersonaQuery = Static<typeof AccesosPersonaQuerySchema>;

export const AccesosPersonaPaginaSchema = Type.Object({
  persona: ResponsableSchema,
  items: Type.Array(AccesoDePersonaSchema, { maxItems: ACCESOS_PERSONA_POR_PAGINA }),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});
export type AccesosPersonaPagina = Static<typeof AccesosPersonaPaginaSchema>;
