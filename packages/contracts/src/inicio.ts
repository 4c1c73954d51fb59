import { Type, type Static } from 'typebox';
import { EstadoExpedienteSchema, type EventoHistorial } from './expedientes';
import { CAPACIDAD } from './comunes';
import { LIMITES_INICIO } from './inicio.rules';

/** The four figures of Inicio; "hoy" and "este mes" are Europe/Madrid calendar days and months. */
export const CifrasInicioSchema = Type.Object({
  abiertos: Type.Integer(),
  en_tramite: Type.Integer(),
  /** Expedientes whose closing date falls in the current month (archived since included). */
  cerrados_este_mes: Type.Integer(),
  /** Documents incorporated today and not anulados. */
  documentos_hoy: Type.Integer(),
});
export type CifrasInicio = Static<typeof CifrasInicioSchema>;

export const ExpedientesPorMesSchema = Type.Array(
  Type.Object({
    /** `YYYY-MM`, oldest first, the last 12 months including the current one. */
    mes: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}$' }),
    abiertos: Type.Integer(),
    cerrados: Type.Integer(),
  }),
  { maxItems: LIMITES_INICIO.meses },
);
export type ExpedientesPorMes = Static<typeof ExpedientesPorMesSchema>;

export const DocumentosPorTipoSchema = Type.Array(
  Type.Object({
    id_tipo_documental: Type.Integer(),
    nombre: Type.String(),
    total: Type.Integer(),
  }),
  { maxItems: CAPACIDAD.entradasDeCatalogo },
);
export type DocumentosPorTipo = Static<typeof DocumentosPorTipoSchema>;

export const MiExpedienteSchema = Type.Object({
  id_expediente: Type.Integer(),
  numero: Type.String(),
  asunto: Type.String(),
  estado: EstadoExpedienteSchema,
  fecha_apertura: Type.String(),
});
export type MiExpediente = Static<typeof MiExpedienteSchema>;

export const ExpedienteReferenciaSchema = Type.Object({
  id_expediente: Type.Integer(),
  numero: Type.String(),
  asunto: Type.String(),
});

export const PersonaSchema = Type.Object({ id_usuario: Type.Integer(), nombre_completo: Type.String() });

export const ActividadEventoSchema = Type.Object({
  id: Type.Integer(),
  evento: Type.Unsafe<EventoHistorial>(Type.String()),
  descripcion: Type.String(),
  fecha: Type.String(),
  usuario: PersonaSchema,
  expediente: ExpedienteReferenciaSchema,
});
export type ActividadEvento = Static<typeof ActividadEventoSchema>;

export * from './inicio.rules';
