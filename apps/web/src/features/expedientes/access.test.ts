import { describe, expect, it } from 'vitest';
import { ESTADOS_EXPEDIENTE } from '@ecodigital/contracts/expedientes';
import { allowedActions, allowedTransitions, canEdit, expedientesAccess } from './access';

const todos = ['expedientes.ver', 'expedientes.crear', 'expedientes.editar', 'expedientes.cambiar_estado'];
const gestor = expedientesAccess(todos);
const consulta = expedientesAccess(['expedientes.ver']);

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
    expect(allowedActions('abierto', gestor)).toEqual(['editar', 'pasar_a_tramite']);
    expect(allowedActions('en_tramite', gestor)).toEqual(['editar', 'cerrar']);
    expect(allowedActions('cerrado', gestor)).toEqual(['reabrir', 'archivar']);
    expect(allowedActions('archivado', gestor)).toEqual([]);
  });

  it('offers nothing to consulta, in any estado', () => {
    for (const estado of ESTADOS_EXPEDIENTE) expect(allowedActions(estado, consulta)).toEqual([]);
  });

  it('separates editing from changing the estado', () => {
    const soloEditar = expedientesAccess(['expedientes.ver', 'expedientes.editar']);
    const soloEstado = expedientesAccess(['expedientes.ver', 'expedientes.cambiar_estado']);
    expect(allowedActions('en_tramite', soloEditar)).toEqual(['editar']);
    expect(allowedActions('en_tramite', soloEstado)).toEqual(['cerrar']);
    expect(canEdit('cerrado', soloEditar)).toBe(false);
  });
});

describe('allowedTransitions', () => {
  it('asks for the motivo only when reopening, optionally when closing or archiving', () => {
    expect(allowedTransitions('cerrado', gestor)).toEqual([
      { accion: 'reabrir', hacia: 'en_tramite', etiqueta: 'Reabrir', motivo: 'requerido' },
      { accion: 'archivar', hacia: 'archivado', etiqueta: 'Archivar', motivo: 'opcional' },
    ]);
    expect(allowedTransitions('abierto', gestor)).toEqual([
      { accion: 'pasar_a_tramite', hacia: 'en_tramite', etiqueta: 'Pasar a trámite', motivo: 'no' },
    ]);
    expect(allowedTransitions('en_tramite', gestor)).toEqual([
      { accion: 'cerrar', hacia: 'cerrado', etiqueta: 'Cerrar', motivo: 'opcional' },
    ]);
  });
});
