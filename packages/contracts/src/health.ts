import { Type, type Static } from 'typebox';

const HealthSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  database: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
  identityProvider: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
  /**
   * The identity provider's signing keys the API holds: `vigentes` (fetched recently), `en_cache`
   * (the provider did not answer; the last keys are used until `validasHasta`), `sin_claves`.
   */
  claves: Type.Object({
    estado: Type.Union([Type.Literal('vigentes'), Type.Literal('en_cache'), Type.Literal('sin_claves')]),
    obtenidas: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    validasHasta: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  }),
  version: Type.String(),
});
export type Health = Static<typeof HealthSchema>;

/**
 * 200: the database answers and access tokens can be verified — with `status: 'degraded'` while the
 * identity provider is down but its last keys are still trusted (people signed in keep working).
 */
export const HealthOkResponseSchema = Type.Object({ success: Type.Literal(true), data: HealthSchema });

/** 503: the database does not answer, or no usable keys: an error envelope that still carries which part failed. */
export const HealthDegradedResponseSchema = Type.Object({
  success: Type.Literal(false),
  msg: Type.String(),
  code: Type.Optional(Type.String()),
  data: HealthSchema,
});
