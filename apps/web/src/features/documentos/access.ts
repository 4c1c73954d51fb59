import { ESTADOS_ACTIVOS, type EstadoExpediente } from '@ecodigital/contracts/expedientes.rules';
import type { Documento } from '@ecodigital/contracts/documentos';
import { FORMATOS_PREVISUALIZABLES, type Formato } from '@ecodigital/contracts/documentos.rules';
import type { Permiso } from '@ecodigital/contracts/session.rules';
import { hasPermiso } from '../../session/permissions';

const PERMISOS_DOCUMENTOS = {
  subir: 'documentos.subir',
  descargar: 'documentos.descargar',
  anular: 'documentos.anular',
  verificar: 'documentos.verificar',
  exportarEni: 'expedientes.exportar_eni',
} as const satisfies Record<string, Permiso>;

export type DocumentosAccess = Record<keyof typeof PERMISOS_DOCUMENTOS, boolean>;

/** What the person may do with documents, from the session's `permisos`. The API checks again. */
export function documentosAccess(permisos: readonly string[]): DocumentosAccess {
  return {
    subir: hasPermiso(permisos, PERMISOS_DOCUMENTOS.subir),
    descargar: hasPermiso(permisos, PERMISOS_DOCUMENTOS.descargar),
    anular: hasPermiso(permisos, PERMISOS_DOCUMENTOS.anular),
    verificar: hasPermiso(permisos, PERMISOS_DOCUMENTOS.verificar),
    exportarEni: hasPermiso(permisos, PERMISOS_DOCUMENTOS.exportarEni),
  };
}

/** Documents only enter, or are annulled in, an expediente that is still being worked on. */
export function admiteDocumentos(estado: EstadoExpediente): boolean {
  return ESTADOS_ACTIVOS.includes(estado);
}

/**
 * The expediente as the document actions need it: its estado, and `gestion`, whether the caller may
 * change this one (not only see it through a unidad above it or a grant of lectura).
 */
export interface ExpedienteDeDocumentos {
  estado: EstadoExpediente;
  gestion: boolean;
}

export function canUpload(expediente: ExpedienteDeDocumentos, access: DocumentosAccess): boolean {
  return access.subir && expediente.gestion && admiteDocumentos(expediente.estado);
}

export function isPreviewable(formato: string): boolean {
  return FORMATOS_PREVISUALIZABLES.includes(formato as Formato);
}

export type AccionDocumento = 'previsualizar' | 'descargar' | 'copia' | 'anular';

/** Formats a copia auténtica is made of (the API refuses the others with 409). */
const FORMATOS_CON_COPIA: readonly string[] = ['PDF', 'JPEG', 'PNG'];

function admiteCopiaAutentica(documento: Pick<Documento, 'formato' | 'anulado'>): boolean {
  return !documento.anulado && FORMATOS_CON_COPIA.includes(documento.formato);
}

/** The actions a row of the índice offers, in display order. */
export function documentoActions(
  documento: Pick<Documento, 'formato' | 'anulado' | 'eliminado'>,
  expediente: ExpedienteDeDocumentos,
  access: DocumentosAccess,
): AccionDocumento[] {
  const acciones: AccionDocumento[] = [];
  // Its contents were destroyed by an acta de eliminación: only its entry and huella remain.
  if (documento.eliminado) return acciones;
  if (access.descargar && isPreviewable(documento.formato)) acciones.push('previsualizar');
  if (access.descargar) acciones.push('descargar');
  if (access.descargar && admiteCopiaAutentica(documento)) acciones.push('copia');
  if (access.anular && expediente.gestion && !documento.anulado && admiteDocumentos(expediente.estado)) {
    acciones.push('anular');
  }
  return acciones;
}
