import { Type, type Static } from 'typebox';
import { ResponsableSchema } from './expedientes';
import { LIMITES_INTERESADOS } from './eni.rules';

export * from './eni.rules';

// ── Interesados ────────────────────────────────────────────────────────────────────────────────

export const InteresadoSchema = Type.Object({
  id_interesado: Type.Integer(),
  /** NIF, NIE or CIF, checked by its control character. */
  documento: Type.String(),
  nombre: Type.String(),
  anadido_por: ResponsableSchema,
  /** ISO 8601. */
  anadido_en: Type.String(),
});
export type Interesado = Static<typeof InteresadoSchema>;

export const InteresadosSchema = Type.Object({
  items: Type.Array(InteresadoSchema, { maxItems: LIMITES_INTERESADOS.porExpediente }),
  /** Whether the caller may add and remove them (gestión, and the expediente still open to changes). */
  puede_editar: Type.Boolean(),
});
export type Interesados = Static<typeof InteresadosSchema>;

export const AnadirInteresadoSchema = Type.Object(
  {
    documento: Type.String({ minLength: 1, maxLength: 20 }),
    nombre: Type.String({ minLength: LIMITES_INTERESADOS.nombreMin, maxLength: LIMITES_INTERESADOS.nombreMax }),
  },
  { additionalProperties: false },
);
export type AnadirInteresado = Static<typeof AnadirInteresadoSchema>;
