import { describe, expect, it } from 'vitest';
import { ESTADOS_EXPEDIENTE, type EstadoExpediente } from '@ecodigital/contracts/expedientes';
import {
  allowedActions,
  allowedTransitions,
  canEdit,
  canNameResponsable,
  canTransfer,
  expedientesAccess,
} from './access';

const todos = ['expedientes.ver', 'expedientes.crear', 'expedientes.editar', 'expedientes.cambiar_estado'];
const gestor = expedientesAccess(todos);
const consulta = expedientesAccess(['expedientes.ver']);
/** An expediente of the caller's own unidad (or of one below it). */
const propio = (estado: EstadoExpediente) => ({ estado, gestion: true, gestion_por: 'unidad' as const });
/** One they work on by a grant of gestión only. */
const concedido = (estado: EstadoExpediente) => ({ estado, gestion: true, gestion_por: 'acceso' as const });
/** One they only see: a grant of lectura. */
const ajeno = (estado: EstadoExpediente) => ({ estado, gestion: false, gestion_por: null });

describe('expedientesAccess', () => {
  it('maps each permiso to its boolean', () => {
    expect(gestor).toEqual({ ver: true, crear: true, editar: true, cambiarEstado: true });
    expect(consulta).toEqual({ ver: true, crear: false, editar: false, cambiarEstado: false });
    expect(expedientesAccess([])).toEqual({ ver: false, crear: false, editar: false, cambiarEstado: false });
    expect(expedientesAccess(['expedientes.editar', 'documentos.subir'])).toEqual({
      ver: false,
      crear: false,
      editar: true,
      cambiarEstado: false,
    });
  });

  it('does not take a similar code for the real one', () => {
    expect(expedientesAccess(['expedientes.crear_borrador', 'Expedientes.Editar']).crear).toBe(false);
    expect(expedientesAccess(['expedientes.crear_borrador', 'Expedientes.Editar']).editar).toBe(false);
  });
});

describe('allowedActions', () => {
  it('follows the life cycle for someone with every permiso', () => {
    expect(allowedActions(propio('abierto'), gestor)).toEqual(['editar', 'transferir', 'pasar_a_tramite']);
    expect(allowedActions(propio('en_tramite'), gestor)).toEqual(['editar', 'transferir', 'cerrar']);
    expect(allowedActions(propio('cerrado'), gestor)).toEqual(['reabrir', 'archivar']);
    expect(allowedActions(propio('archivado'), gestor)).toEqual([]);
  });

  it('offers nothing to consulta, in any estado', () => {
    for (const estado of ESTADOS_EXPEDIENTE) expect(allowedActions(propio(estado), consulta)).toEqual([]);
  });

  it('offers nothing on an expediente the person sees without gestión, whatever their role', () => {
    for (const estado of ESTADOS_EXPEDIENTE) expect(allowedActions(ajeno(estado), gestor)).toEqual([]);
    expect(canTransfer(ajeno('abierto'), gestor)).toBe(false);
  });

  it('lets a grant of gestión edit and change the estado, but not transfer nor name the responsable', () => {
    expect(allowedActions(concedido('abierto'), gestor)).toEqual(['editar', 'pasar_a_tramite']);
    expect(canNameResponsable(concedido('abierto'))).toBe(false);
    expect(canNameResponsable(propio('abierto'))).toBe(true);
    expect(canNameResponsable({ estado: 'abierto', gestion: true, gestion_por: 'todos' })).toBe(true);
  });

  it('separates editing (and transferring) from changing the estado', () => {
    const soloEditar = expedientesAccess(['expedientes.ver', 'expedientes.editar']);
    const soloEstado = expedientesAccess(['expedientes.ver', 'expedientes.cambiar_estado']);
    expect(allowedActions(propio('en_tramite'), soloEditar)).toEqual(['editar', 'transferir']);
    expect(allowedActions(propio('en_tramite'), soloEstado)).toEqual(['cerrar']);
    expect(canEdit(propio('cerrado'), soloEditar)).toBe(false);
    expect(canTransfer(propio('cerrado'), soloEditar)).toBe(false);
  });
});

describe('allowedTransitions', () => {
  it('asks for the motivo only when reopening, optionally when closing or archiving', () => {
    expect(allowedTransitions(propio('cerrado'), gestor)).toEqual([
      { accion: 'reabrir', hacia: 'en_tramite', etiqueta: 'Reabrir', motivo: 'requerido' },
      { accion: 'archivar', hacia: 'archivado', etiqueta: 'Archivar', motivo: 'opcional' },
    ]);
    expect(allowedTransitions(propio('abierto'), gestor)).toEqual([
      { accion: 'pasar_a_tramite', hacia: 'en_tramite', etiqueta: 'Pasar a trámite', motivo: 'no' },
    ]);
    expect(allowedTransitions(propio('en_tramite'), gestor)).toEqual([
      { accion: 'cerrar', hacia: 'cerrado', etiqueta: 'Cerrar', motivo: 'opcional' },
    ]);
  });
});
