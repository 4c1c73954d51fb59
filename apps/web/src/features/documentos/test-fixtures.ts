import type { Documento } from '@ecodigital/contracts/documentos';

export const TIPOS_DOCUMENTALES = [
  { id: 1, nombre: 'Solicitud' },
  { id: 2, nombre: 'Informe' },
  { id: 3, nombre: 'Resolución' },
];

const gestor = { id_usuario: 2, nombre_completo: 'Juan Carlos Pérez Ruiz', username: 'gestor' };

export function documentoDemo(overrides: Partial<Documento> = {}): Documento {
  return {
    id_documento: 11,
    id_expediente: 7,
    orden: 1,
    nombre: 'Solicitud firmada.pdf',
    tipo_documental: TIPOS_DOCUMENTALES[0]!,
    fecha_incorporacion: '2025-03-06T10:05:00.000Z',
    tamano: 12.3 * 1024 * 1024,
    formato: 'PDF',
    mime: 'application/pdf',
    huella: 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6df9e8',
    funcion_resumen: 'SHA-256',
    hash_anterior: null,
    hash_entrada: 'ffff',
    subido_por: gestor,
    anulado: false,
    motivo_anulacion: null,
    fecha_anulacion: null,
    anulado_por: null,
    ...overrides,
  };
}
