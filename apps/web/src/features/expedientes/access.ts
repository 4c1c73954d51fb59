import {
  decideResponsableYUnidad,
  ESTADOS_ACTIVOS,
  TRANSICIONES,
  requiereMotivo,
  type EstadoExpediente,
} from '@ecodigital/contracts/expedientes.rules';
import type { ExpedienteResumen } from '@ecodigital/contracts/expedientes';
import type { Permiso } from '@ecodigital/contracts/session.rules';
import { hasPermiso } from '../../session/permissions';

const PERMISOS_EXPEDIENTES = {
  ver: 'expedientes.ver',
  crear: 'expedientes.crear',
  editar: 'expedientes.editar',
  cambiarEstado: 'expedientes.cambiar_estado',
} as const satisfies Record<string, Permiso>;

export type ExpedientesAccess = Record<keyof typeof PERMISOS_EXPEDIENTES, boolean>;

/** What the person may do with expedientes, from the session's `permisos`. The API checks again. */
export function expedientesAccess(permisos: readonly string[]): ExpedientesAccess {
  return {
    ver: hasPermiso(permisos, PERMISOS_EXPEDIENTES.ver),
    crear: hasPermiso(permisos, PERMISOS_EXPEDIENTES.crear),
    editar: hasPermiso(permisos, PERMISOS_EXPEDIENTES.editar),
    cambiarEstado: hasPermiso(permisos, PERMISOS_EXPEDIENTES.cambiarEstado),
  };
}

export type AccionTransicion = 'pasar_a_tramite' | 'cerrar' | 'reabrir' | 'archivar';
export type AccionExpediente = 'editar' | 'transferir' | AccionTransicion;

/**
 * What decides the actions on one expediente: its estado, `gestion` (whether the caller may change
 * this one: their unidad, a grant of gestión, or seeing every expediente) and what that rests on
 * (`gestion_por`: a grant alone names no responsable and transfers nothing); the role's permisos
 * come on top. The API checks all again.
 */
export type ExpedienteGestionable = Pick<ExpedienteResumen, 'estado' | 'gestion' | 'gestion_por'>;

export interface Transicion {
  accion: AccionTransicion;
  hacia: EstadoExpediente;
  etiqueta: string;
  /** `requerido`: the server refuses the change without it (reabrir). */
  motivo: 'requerido' | 'opcional' | 'no';
}

function transicionDe(desde: EstadoExpediente, hacia: EstadoExpediente): Transicion {
  if (requiereMotivo(desde, hacia)) return { accion: 'reabrir', hacia, etiqueta: 'Reabrir', motivo: 'requerido' };
  switch (hacia) {
    case 'en_tramite':
      return { accion: 'pasar_a_tramite', hacia, etiqueta: 'Pasar a trámite', motivo: 'no' };
    case 'cerrado':
      return { accion: 'cerrar', hacia, etiqueta: 'Cerrar', motivo: 'opcional' };
    case 'archivado':
      return { accion: 'archivar', hacia, etiqueta: 'Archivar', motivo: 'opcional' };
    case 'abierto':
      throw new Error(`Transición sin acción: ${desde} → ${hacia}`);
  }
}

const ORDEN_ACCIONES: readonly AccionTransicion[] = ['pasar_a_tramite', 'cerrar', 'reabrir', 'archivar'];

/** The state changes the life cycle allows from its estado, when the person may change this one's state. */
export function allowedTransitions(expediente: ExpedienteGestionable, access: ExpedientesAccess): Transicion[] {
  if (!access.cambiarEstado || !expediente.gestion) return [];
  const { estado } = expediente;
  return TRANSICIONES[estado]
    .map((hacia) => transicionDe(estado, hacia))
    .sort((a, b) => ORDEN_ACCIONES.indexOf(a.accion) - ORDEN_ACCIONES.indexOf(b.accion));
}

/** Editing its data, and granting or revoking accesos to it. */
export function canEdit(expediente: ExpedienteGestionable, access: ExpedientesAccess): boolean {
  return access.editar && expediente.gestion && ESTADOS_ACTIVOS.includes(expediente.estado);
}

/**
 * Handing it to another unidad: a change like editing, so only while it is being worked on, and
 * only for whoever decides for its unidad (not on the strength of a grant).
 */
export function canTransfer(expediente: ExpedienteGestionable, access: ExpedientesAccess): boolean {
  return canEdit(expediente, access) && decideResponsableYUnidad(expediente.gestion_por);
}

/** Naming or removing its responsable: like transferring, for whoever decides for its unidad. */
export function canNameResponsable(expediente: ExpedienteGestionable): boolean {
  return decideResponsableYUnidad(expediente.gestion_por);
}

/** Every action the detail header offers for this expediente and these permissions, in display order. */
export function allowedActions(expediente: ExpedienteGestionable, access: ExpedientesAccess): AccionExpediente[] {
  const acciones: AccionExpediente[] = [];
  if (canEdit(expediente, access)) acciones.push('editar');
  if (canTransfer(expediente, access)) acciones.push('transferir');
  return [...acciones, ...allowedTransitions(expediente, access).map((transicion) => transicion.accion)];
}
