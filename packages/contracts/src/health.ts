import { Type, type Static } from 'typebox';

export const HealthSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  database: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
  identityProvider: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
  version: Type.String(),
});
export type Health = Static<typeof HealthSchema>;

/** 200: everything answers. */
export const HealthOkResponseSchema = Type.Object({ success: Type.Literal(true), data: HealthSchema });

/** 503: an error envelope that still carries which part failed. */
export const HealthDegradedResponseSchema = Type.Object({
  success: Type.Literal(false),
  msg: Type.String(),
  code: Type.Optional(Type.String()),
  data: HealthSchema,
});
