import { Type, type Static } from 'typebox';
import { FechaSchema, IdSchema, UnidadReferenciaSchema } from './comunes';
import { ResponsableSchema } from './expedientes';
import { ParrafosSchema } from './texto';
import { ESTADOS_ACCESO, LIMITES_ACCESO, NIVELES_ACCESO, type EstadoAcceso, type NivelAcceso } from './accesos.rules';

export * from './accesos.rules';

export const NivelAccesoSchema = Type.Unsafe<NivelAcceso>(
  Type.Union(NIVELES_ACCESO.map((nivel) => Type.Literal(nivel))),
);
const EstadoAccesoSchema = Type.Unsafe<EstadoAcceso>(Type.Union(ESTADOS_ACCESO.map((estado) => Type.Literal(estado))));

/** Whom a grant is for: one person, or a unidad and so the unidades below it. */
export const DestinatarioAccesoSchema = Type.Union([
  Type.Object({ tipo: Type.Literal('usuario'), usuario: ResponsableSchema }),
  Type.Object({ tipo: Type.Literal('unidad'), unidad: UnidadReferenciaSchema }),
]);
export type DestinatarioAcceso = Static<typeof DestinatarioAccesoSchema>;

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
});
export type Acceso = Static<typeof AccesoSchema>;

/** Who can see an expediente and why: its unidad (and those above it), its responsable, and the grants. */
export const AccesosExpedienteSchema = Type.Object({
  unidad: UnidadReferenciaSchema,
  /** The unidades whose members see it through the tree: its own and every one above it, nearest first. */
  unidades_con_vista: Type.Array(UnidadReferenciaSchema),
  responsable: Type.Union([ResponsableSchema, Type.Null()]),
  /** Every grant ever made on it, newest first (the revoked and expired ones are kept as evidence). */
  accesos: Type.Array(AccesoSchema),
  /** Whether the caller may grant and revoke here. */
  puede_gestionar: Type.Boolean(),
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
