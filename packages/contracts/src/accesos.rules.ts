// Plain constants of the accesos contract, without schemas: the web imports them from here so that
// its bundles do not carry TypeBox. `accesos.ts` re-exports everything.

/** `lectura`: sees the expediente and its documents; `gestion`: may also change it. */
export const NIVELES_ACCESO = ['lectura', 'gestion'] as const;
export type NivelAcceso = (typeof NIVELES_ACCESO)[number];

export const NIVEL_ACCESO_ETIQUETAS: Record<NivelAcceso, string> = {
  lectura: 'Lectura',
  gestion: 'Gestión',
};

/** `vigente` grants give sight; the others are kept as evidence of who had it and until when. */
export const ESTADOS_ACCESO = ['vigente', 'caducado', 'revocado'] as const;
export type EstadoAcceso = (typeof ESTADOS_ACCESO)[number];

export const ESTADO_ACCESO_ETIQUETAS: Record<EstadoAcceso, string> = {
  vigente: 'Vigente',
  caducado: 'Caducado',
  revocado: 'Revocado',
};

export const LIMITES_ACCESO = {
  motivoMin: 5,
  motivoMax: 500,
} as const;

/**
 * Why a grant ended without a person revoking it: the grant it derived from ended (`origen`), it
 * was a grant its grantor had made to themselves (`autoconcesion`, put right when the rule came), or
 * its grantor left the unidad whose grant it derived from (`pertenencia`).
 */
export const CAUSAS_FIN_ACCESO = ['origen', 'autoconcesion', 'pertenencia'] as const;
export type CausaFinAcceso = (typeof CAUSAS_FIN_ACCESO)[number];

export const CAUSA_FIN_ACCESO_ETIQUETAS: Record<CausaFinAcceso, string> = {
  origen: 'Terminó con el acceso del que derivaba',
  autoconcesion: 'Era una concesión a sí mismo',
  pertenencia: 'Quien lo concedió dejó la unidad de la que lo tenía',
};

/** Grants of a person in Administración, by page. */
export const ACCESOS_PERSONA_POR_PAGINA = 50;
