import {
  ESTADOS_ACTIVOS,
  TRANSICIONES,
  requiereMotivo,
  type EstadoExpediente,
} from '@ecodigital/contracts/expedientes.rules';
import { hasPermiso } from '../../session/permissions';

export const PERMISOS_EXPEDIENTES = {
  ver: 'expedientes.ver',
  crear: 'expedientes.crear',
  editar: 'expedientes.editar',
  cambiarEstado: 'expedientes.cambiar_estado',
} as const;

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
export type AccionExpediente = 'editar' | AccionTransicion;

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
    default:
      throw new Error(`Transición sin acción: ${desde} → ${hacia}`);
  }
}

const ORDEN_ACCIONES: readonly AccionTransicion[] = ['pasar_a_tramite', 'cerrar', 'reabrir', 'archivar'];

/** The state changes the life cycle allows from `estado`, when the person may change states. */
export function allowedTransitions(estado: EstadoExpediente, access: ExpedientesAccess): Transicion[] {
  if (!access.cambiarEstado) return [];
  return TRANSICIONES[estado]
    .map((hacia) => transicionDe(estado, hacia))
    .sort((a, b) => ORDEN_ACCIONES.indexOf(a.accion) - ORDEN_ACCIONES.indexOf(b.accion));
}

export function canEdit(estado: EstadoExpediente, access: ExpedientesAccess): boolean {
  return access.editar && ESTADOS_ACTIVOS.includes(estado);
}

/** Every action the detail header offers for this estado and these permissions, in display order. */
export function allowedActions(estado: EstadoExpediente, access: ExpedientesAccess): AccionExpediente[] {
  const acciones: AccionExpediente[] = canEdit(estado, access) ? ['editar'] : [];
  return [...acciones, ...allowedTransitions(estado, access).map((transicion) => transicion.accion)];
}
