import { Type, type Static } from 'typebox';
import { FechaSchema } from './comunes';
import {
  AMBITOS_FESTIVO,
  ESTADOS_PLAZO,
  LIMITES_PLAZO,
  UNIDADES_PLAZO,
  type AmbitoFestivo,
  type EstadoPlazo,
  type UnidadPlazo,
} from './plazos.rules';

export * from './plazos.rules';

const literales = <const T extends string>(values: readonly T[]) =>
  Type.Unsafe<T>(Type.Union(values.map((value) => Type.Literal(value))));

const UnidadPlazoSchema = literales<UnidadPlazo>(UNIDADES_PLAZO);
const AmbitoFestivoSchema = literales<AmbitoFestivo>(AMBITOS_FESTIVO);
const EstadoPlazoSchema = literales<EstadoPlazo>(ESTADOS_PLAZO);

/** A tipo's plazo de resolución: days are días hábiles; months count date to date. */
const PlazoTipoSchema = Type.Object(
  {
    cantidad: Type.Integer({ minimum: 1, maximum: LIMITES_PLAZO.diasMax }),
    unidad: UnidadPlazoSchema,
  },
  { additionalProperties: false },
);
export type PlazoTipo = Static<typeof PlazoTipoSchema>;

export const TipoConPlazoSchema = Type.Object({
  id: Type.Integer(),
  nombre: Type.String(),
  activo: Type.Boolean(),
  plazo: Type.Union([PlazoTipoSchema, Type.Null()]),
});
export type TipoConPlazo = Static<typeof TipoConPlazoSchema>;

/** `PUT /api/admin/plazos/tipos/:id`: null takes the plazo away. */
export const FijarPlazoTipoSchema = Type.Object(
  { plazo: Type.Union([PlazoTipoSchema, Type.Null()]) },
  { additionalProperties: false },
);

// ── Calendario laboral ────────────────────────────────────────────────────────────────────────

export const FestivoSchema = Type.Object({
  id: Type.Integer(),
  /** `aaaa-mm-dd`. */
  fecha: Type.String(),
  nombre: Type.String(),
  ambito: AmbitoFestivoSchema,
});
export type Festivo = Static<typeof FestivoSchema>;

export const CalendarioQuerySchema = Type.Object(
  { anio: Type.Integer({ minimum: LIMITES_PLAZO.anioMin, maximum: LIMITES_PLAZO.anioMax }) },
  { additionalProperties: false },
);

export const CrearFestivoSchema = Type.Object(
  {
    fecha: FechaSchema,
    nombre: Type.String({ minLength: 1, maxLength: LIMITES_PLAZO.nombreFestivoMax }),
    ambito: AmbitoFestivoSchema,
  },
  { additionalProperties: false },
);
export type CrearFestivo = Static<typeof CrearFestivoSchema>;

// ── El plazo de un expediente ─────────────────────────────────────────────────────────────────

/** What the list shows in «Vence». */
export const PlazoResumenSchema = Type.Object({
  fecha_limite: Type.String(),
  estado: EstadoPlazoSchema,
});

export const PlazoExpedienteSchema = Type.Object({
  /** The day the count starts after (`aaaa-mm-dd`). */
  inicio: Type.String(),
  cantidad: Type.Integer(),
  unidad: UnidadPlazoSchema,
  fecha_limite: Type.String(),
  /** Working days left (0 on the last day, negative when late); frozen while suspended. */
  dias_restantes: Type.Integer(),
  estado: EstadoPlazoSchema,
  dias_suspendidos: Type.Integer(),
  suspendido_desde: Type.Union([Type.String(), Type.Null()]),
  motivo_suspension: Type.Union([Type.String(), Type.Null()]),
});
export type PlazoExpediente = Static<typeof PlazoExpedienteSchema>;

/** `GET /api/expedientes/:id/plazo`: null when its tipo carries no plazo. */
export const PlazoDeExpedienteSchema = Type.Object({ plazo: Type.Union([PlazoExpedienteSchema, Type.Null()]) });
export type PlazoDeExpediente = Static<typeof PlazoDeExpedienteSchema>;

export const MotivoPlazoSchema = Type.Object(
  { motivo: Type.String({ minLength: LIMITES_PLAZO.motivoMin, maxLength: LIMITES_PLAZO.motivoMax }) },
  { additionalProperties: false },
);

/** The day the count starts after: the entry in the registro may precede the opening. */
export const CambiarInicioPlazoSchema = Type.Object(
  {
    inicio: FechaSchema,
    motivo: Type.String({ minLength: LIMITES_PLAZO.motivoMin, maxLength: LIMITES_PLAZO.motivoMax }),
  },
  { additionalProperties: false },
);

// ── Inicio ────────────────────────────────────────────────────────────────────────────────────

const PlazoProximoSchema = Type.Object({
  id_expediente: Type.Integer(),
  numero: Type.String(),
  asunto: Type.String(),
  fecha_limite: Type.String(),
  estado: EstadoPlazoSchema,
});

export const ResumenPlazosSchema = Type.Object({
  vencidos: Type.Integer(),
  esta_semana: Type.Integer(),
  suspendidos: Type.Integer(),
  /** Overdue first, then what falls due this week, soonest first. */
  proximos: Type.Array(PlazoProximoSchema, { maxItems: LIMITES_PLAZO.inicioMax }),
});
export type ResumenPlazos = Static<typeof ResumenPlazosSchema>;
