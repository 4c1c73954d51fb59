import { Type, type Static } from 'typebox';
import { ExpedienteSchema, ResponsableSchema } from './expedientes';
import { LIMITES_FIRMAS, LIMITES_INTERESADOS } from './eni.rules';

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

// ── Índices firmados ───────────────────────────────────────────────────────────────────────────

const MOTIVOS_FIRMA = ['cierre', 'remision'] as const;
export type MotivoFirma = (typeof MOTIVOS_FIRMA)[number];

/** One signature of the índice by the institution's seal. */
const FirmaIndiceSchema = Type.Object({
  id_firma: Type.Integer(),
  motivo: Type.Unsafe<MotivoFirma>(Type.Union(MOTIVOS_FIRMA.map((motivo) => Type.Literal(motivo)))),
  /** ISO 8601. */
  firmado_en: Type.String(),
  firmado_por: ResponsableSchema,
  documentos: Type.Integer(),
  huella_indice: Type.Union([Type.String(), Type.Null()]),
  certificado: Type.Object({ sujeto: Type.String(), emisor: Type.String(), serie: Type.String() }),
  /** Signed with the self-signed test seal: «solo desarrollo», worthless outside this machine. */
  solo_desarrollo: Type.Boolean(),
  /** The RFC 3161 timestamp, or null: then `sello_tiempo_texto` says there is none and why. */
  sello_tiempo: Type.Union([Type.Object({ tsa: Type.String(), fecha: Type.String() }), Type.Null()]),
  sello_tiempo_texto: Type.String(),
  /** Its Código Seguro de Verificación, grouped in fours: anybody checks the copy at /verificacion. */
  csv: Type.String(),
});
export type FirmaIndice = Static<typeof FirmaIndiceSchema>;

export const FirmasExpedienteSchema = Type.Object({
  /** ISO 8601 when its índice was closed for remisión (ENI E03); null otherwise. */
  remision_cerrada_en: Type.Union([Type.String(), Type.Null()]),
  firmas: Type.Array(FirmaIndiceSchema, { maxItems: LIMITES_FIRMAS.listadas }),
});
export type FirmasExpediente = Static<typeof FirmasExpedienteSchema>;

export const CerrarRemisionSchema = Type.Object(
  { version: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);

// ── Importación ENI ────────────────────────────────────────────────────────────────────────────

/** Where an imported expediente came from, as its ENI metadata and índice signature say. */
const OrigenEniSchema = Type.Object({
  /** The ENI Identificador of the expediente in the administration that sent it. */
  identificador: Type.String(),
  /** Its DIR3 órgano. */
  organo: Type.String(),
  /** Subject of the certificate that signed the índice (mathematically valid; its chain is not validated). */
  firmante: Type.String(),
});
export const ResultadoImportacionEniSchema = Type.Object({
  expediente: ExpedienteSchema,
  /** Documents of the índice incorporated (the original índice, kept as one more document, not counted). */
  documentos: Type.Integer(),
  origen: OrigenEniSchema,
});
export type ResultadoImportacionEni = Static<typeof ResultadoImportacionEniSchema>;
