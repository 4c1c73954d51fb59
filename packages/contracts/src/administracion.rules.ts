// Plain constants of the administración contract, without schemas: the web imports them from here
// so that its bundles do not carry TypeBox. `administracion.ts` re-exports everything.

/**
 * A unidad's code: its DIR3 code where the office has one (`L01280796`, `LA0012345`), otherwise any
 * short code of capitals, digits, `.`, `_` or `-`. Stored in capitals.
 */
export const CODIGO_UNIDAD_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$';

export const LIMITES_ADMINISTRACION = {
  nombreUnidadMin: 2,
  nombreUnidadMax: 150,
  nombreCatalogoMin: 2,
  nombreCatalogoMax: 100,
  /** People are found by name; more than this many per page is never read. */
  personasPorPagina: 50,
  auditoriaPorPagina: 50,
  /** Fields of one audited change shown field by field; the API writes a dozen at most. */
  camposAuditadosMax: 50,
  /** A CSV export of the auditoría holds at most this many changes; the file says so when it stops there. */
  auditoriaPorExportacion: 50_000,
  unidadesPorPersona: 50,
  descripcionRolMin: 3,
  descripcionRolMax: 200,
} as const;

/** Why a person was refused: a hidden expediente or document, one that does not exist, a change without gestión. */
export const MOTIVOS_DENEGACION = ['no_visible', 'no_existe', 'sin_gestion'] as const;
export type MotivoDenegacion = (typeof MOTIVOS_DENEGACION)[number];

export const MOTIVO_DENEGACION_ETIQUETAS: Record<MotivoDenegacion, string> = {
  no_visible: 'Oculto para esa persona',
  no_existe: 'No existe',
  sin_gestion: 'Sin gestión',
};

/** Refusals of the last this many days, by default and at most. */
export const DIAS_DENEGACIONES = { porDefecto: 7, maximo: 90 } as const;

/** What is kept and shown of someone's refusals: distinct ids per day, and rows per person on a page. */
export const DETALLE_DENEGACIONES = { idsPorDia: 20, filasPorPersona: 20 } as const;

/** A role name as Keycloak allows it in practice. */
export const ROL_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$';

/**
 * Roles Keycloak gives every person of a realm: its default composite role and the two it holds.
 * A permiso given to one of them is everybody's, so declaring one asks for a confirmation.
 */
export function esRolDeTodoElDominio(nombre: string): boolean {
  return nombre.startsWith('default-roles-') || nombre === 'offline_access' || nombre === 'uma_authorization';
}

/** The catalogues the administration area edits, as their routes name them. */
export const CATALOGOS_EDITABLES = ['tipos', 'tipos-documentales'] as const;
export type CatalogoEditable = (typeof CATALOGOS_EDITABLES)[number];

export const CATALOGO_ETIQUETAS: Record<CatalogoEditable, string> = {
  tipos: 'Tipos de expediente',
  'tipos-documentales': 'Tipos documentales',
};

/** What the auditoría records, by the thing changed. */
export const ENTIDADES_AUDITORIA = [
  'unidad',
  'usuario',
  'rol',
  'tipo_expediente',
  'tipo_documental',
  'acceso',
  'cola',
  'trabajo',
  'festivo',
  'serie_documental',
  'retencion_legal',
  'acta_eliminacion',
  'expediente',
] as const;
export type EntidadAuditoria = (typeof ENTIDADES_AUDITORIA)[number];

export const ENTIDAD_AUDITORIA_ETIQUETAS: Record<EntidadAuditoria, string> = {
  unidad: 'Unidad',
  usuario: 'Persona',
  rol: 'Rol',
  tipo_expediente: 'Tipo de expediente',
  tipo_documental: 'Tipo documental',
  acceso: 'Acceso a un expediente',
  cola: 'Cola de trabajos',
  trabajo: 'Trabajo en segundo plano',
  festivo: 'Festivo del calendario laboral',
  serie_documental: 'Serie documental',
  retencion_legal: 'Retención legal',
  acta_eliminacion: 'Acta de eliminación',
  expediente: 'Expediente',
};

/** Each action the auditoría records, as people name it (an unknown one is shown as stored). */
export const ACCION_AUDITORIA_ETIQUETAS: Record<string, string> = {
  'unidad.crear': 'Crear unidad',
  'unidad.modificar': 'Modificar unidad',
  'usuario.unidades': 'Cambiar las unidades de una persona',
  'rol.declarar': 'Declarar rol',
  'rol.permisos': 'Cambiar los permisos de un rol',
  'catalogo.crear': 'Añadir entrada de catálogo',
  'catalogo.modificar': 'Modificar entrada de catálogo',
  'catalogo.plazo': 'Cambiar plazo de resolución',
  'festivo.crear': 'Añadir festivo',
  'festivo.borrar': 'Quitar festivo',
  'cola.pausar': 'Pausar cola',
  'cola.reanudar': 'Reanudar cola',
  'trabajo.reintentar': 'Reintentar trabajo',
  'acceso.revocar': 'Revocar acceso',
  'serie.crear': 'Añadir serie documental',
  'serie.modificar': 'Modificar serie documental',
  'catalogo.retencion': 'Cambiar serie o regla de conservación de un tipo',
  'retencion.poner': 'Poner retención legal',
  'retencion.levantar': 'Levantar retención legal',
  'acta.crear': 'Redactar acta de eliminación',
  'acta.descartar': 'Descartar borrador de acta de eliminación',
  'acta.aprobar': 'Aprobar acta de eliminación',
  'expediente.importar_eni': 'Incorporar un expediente ENI de otra administración',
};
