import { Type, type Static } from 'typebox';
import {
  ORIGENES_HALLAZGO,
  TIPOS_HALLAZGO,
  HALLAZGOS_MOSTRADOS,
  type OrigenHallazgo,
  type TipoHallazgo,
} from './integridad.rules';

export * from './integridad.rules';

/** A stored file found missing or altered. */
const HallazgoIntegridadSchema = Type.Object({
  id: Type.String(),
  tipo: Type.Unsafe<TipoHallazgo>(Type.Union(TIPOS_HALLAZGO.map((tipo) => Type.Literal(tipo)))),
  origen: Type.Unsafe<OrigenHallazgo>(Type.Union(ORIGENES_HALLAZGO.map((origen) => Type.Literal(origen)))),
  detectado_en: Type.String(),
  documento: Type.Object({ id_documento: Type.Integer(), orden: Type.Integer(), nombre: Type.String() }),
  expediente: Type.Object({ id_expediente: Type.Integer(), numero: Type.String() }),
  /** Who was downloading or previewing it; none for the revision. */
  usuario: Type.Union([Type.String(), Type.Null()]),
});
export type HallazgoIntegridad = Static<typeof HallazgoIntegridadSchema>;

/** A round of the revision: every document re-hashed once. */
const RondaIntegridadSchema = Type.Object({
  id: Type.Integer(),
  iniciada: Type.String(),
  terminada: Type.Union([Type.String(), Type.Null()]),
  documentos_total: Type.Integer(),
  documentos_revisados: Type.Integer(),
  bytes_total: Type.Number(),
  bytes_revisados: Type.Number(),
  hallazgos: Type.Integer(),
});
export type RondaIntegridad = Static<typeof RondaIntegridadSchema>;

export const EstadoIntegridadSchema = Type.Object({
  /** The round in progress, or the last one; none before the first. */
  ronda: Type.Union([RondaIntegridadSchema, Type.Null()]),
  /** When the next round begins (once the current one ends). */
  proxima_ronda: Type.Union([Type.String(), Type.Null()]),
  periodo_dias: Type.Integer(),
  mib_por_segundo: Type.Integer(),
  /** The newest findings first, at most `HALLAZGOS_MOSTRADOS`. */
  hallazgos: Type.Array(HallazgoIntegridadSchema, { maxItems: HALLAZGOS_MOSTRADOS }),
});
export type EstadoIntegridad = Static<typeof EstadoIntegridadSchema>;
