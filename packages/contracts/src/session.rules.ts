// Plain constants of the session contract, without schemas: the web imports them from here so
// that its bundles do not carry TypeBox. `session.ts` re-exports everything.

/** Permission codes, `<modulo>.<accion>`. */
export type Permiso =
  | 'expedientes.ver'
  | 'expedientes.crear'
  | 'expedientes.editar'
  | 'expedientes.cambiar_estado'
  | 'documentos.subir'
  | 'documentos.descargar'
  | 'documentos.anular'
  | 'documentos.verificar'
  | 'expedientes.ver_todos'
  | 'expedientes.exportar_eni'
  | 'administracion.unidades'
  | 'administracion.usuarios'
  | 'administracion.roles'
  | 'administracion.catalogos'
  | 'administracion.auditoria'
  | 'administracion.indice'
  | 'administracion.trabajos'
  | 'administracion.integridad'
  | 'retencion.gestionar'
  | 'retencion.aprobar_eliminacion';
