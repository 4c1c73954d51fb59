import type { Documento, DocumentoListado } from '@ecodigital/contracts/documentos';

/** `GET /api/catalogos/tipos-documentales`: one deactivated, which the upload no longer offers. */
export const TIPOS_DOCUMENTALES = [
  { id: 1, nombre: 'Solicitud', activo: true },
  { id: 2, nombre: 'Informe', activo: true },
  { id: 3, nombre: 'Resolución', activo: true },
  { id: 4, nombre: 'Diligencia', activo: false },
];

const gestor = { id_usuario: 2, nombre_completo: 'Juan Carlos Pérez Ruiz', username: 'gestor' };

export function documentoDemo(overrides: Partial<DocumentoListado> = {}): DocumentoListado {
  return {
    id_documento: 11,
    id_expediente: 7,
    orden: 1,
    nombre: 'Solicitud firmada.pdf',
    tipo_documental: { id: 1, nombre: 'Solicitud' },
    fecha_incorporacion: '2025-03-06T10:05:00.000Z',
    // Bytes, a whole number as the API answers it; shown as «12,3 MB».
    tamano: Math.round(12.3 * 1024 * 1024),
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
    texto: { estado: 'indexado', motivo: null, paginas: 1, paginas_ocr: 0 },
    miniatura: false,
    ...overrides,
  };
}

/** The document as a write answers it (upload, anular): its text and thumbnail belong to the list only. */
export function comoDocumento({ texto: _texto, miniatura: _miniatura, ...documento }: DocumentoListado): Documento {
  return documento;
}
