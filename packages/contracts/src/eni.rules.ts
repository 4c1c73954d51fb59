// Plain constants of the ENI (Esquema Nacional de Interoperabilidad) metadata, without schemas: the
// web imports them from here so that its bundles do not carry TypeBox. `eni.ts` re-exports them.

/**
 * A DIR3 code: nine characters, a letter, a letter or digit, seven digits (`L01280796` for an
 * ayuntamiento, `LA0019005` for a unit inside it). The ENI `Organo` and the identifiers carry it.
 */
export const DIR3_PATTERN = '^[A-Z][A-Z0-9][0-9]{7}$';

/** The SIA code of a procedure (the ENI `Clasificacion`), or the institution's own classification code. */
export const SIA_PATTERN = '^[A-Z0-9][A-Z0-9_.-]{0,29}$';

/**
 * ENI tipos documentales, as the ENI documento schema enumerates them. The schema documents the
 * names of TD01…TD20 and TD99 only; TD51…TD69 are shown by their code.
 */
const TIPOS_DOCUMENTALES_ENI = {
  TD01: 'Resolución',
  TD02: 'Acuerdo',
  TD03: 'Contrato',
  TD04: 'Convenio',
  TD05: 'Declaración',
  TD06: 'Comunicación',
  TD07: 'Notificación',
  TD08: 'Publicación',
  TD09: 'Acuse de recibo',
  TD10: 'Acta',
  TD11: 'Certificado',
  TD12: 'Diligencia',
  TD13: 'Informe',
  TD14: 'Solicitud',
  TD15: 'Denuncia',
  TD16: 'Alegación',
  TD17: 'Recursos',
  TD18: 'Comunicación ciudadano',
  TD19: 'Factura',
  TD20: 'Otros incautados',
  TD51: 'Tipo TD51 del esquema ENI',
  TD52: 'Tipo TD52 del esquema ENI',
  TD53: 'Tipo TD53 del esquema ENI',
  TD54: 'Tipo TD54 del esquema ENI',
  TD55: 'Tipo TD55 del esquema ENI',
  TD56: 'Tipo TD56 del esquema ENI',
  TD57: 'Tipo TD57 del esquema ENI',
  TD58: 'Tipo TD58 del esquema ENI',
  TD59: 'Tipo TD59 del esquema ENI',
  TD60: 'Tipo TD60 del esquema ENI',
  TD61: 'Tipo TD61 del esquema ENI',
  TD62: 'Tipo TD62 del esquema ENI',
  TD63: 'Tipo TD63 del esquema ENI',
  TD64: 'Tipo TD64 del esquema ENI',
  TD65: 'Tipo TD65 del esquema ENI',
  TD66: 'Tipo TD66 del esquema ENI',
  TD67: 'Tipo TD67 del esquema ENI',
  TD68: 'Tipo TD68 del esquema ENI',
  TD69: 'Tipo TD69 del esquema ENI',
  TD99: 'Otros',
} as const;
export type TipoDocumentalEni = keyof typeof TIPOS_DOCUMENTALES_ENI;
export const CODIGOS_TD = Object.keys(TIPOS_DOCUMENTALES_ENI) as TipoDocumentalEni[];

export const LIMITES_INTERESADOS = { porExpediente: 100, nombreMin: 2, nombreMax: 200 } as const;

/** Signatures of one expediente's índice listed (one per closing and one for remisión: a handful). */
export const LIMITES_FIRMAS = { listadas: 200 } as const;

export const MOTIVO_FIRMA_ETIQUETAS = {
  cierre: 'Cierre del expediente',
  remision: 'Índice para remisión cerrado',
} as const;

/**
 * The form fields of `POST /api/expedientes/importar-eni` (multipart): the ZIP, and the unidad and tipo
 * de expediente of the new expediente (and, optionally, its asunto).
 */
export const CAMPOS_IMPORTACION_ENI = {
  archivo: 'archivo',
  unidad: 'id_unidad',
  tipo: 'id_tipo',
  asunto: 'asunto',
} as const;
