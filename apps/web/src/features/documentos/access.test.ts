import { describe, expect, it } from 'vitest';
import { canUpload, documentoActions, documentosAccess } from './access';

const gestor = documentosAccess([
  'expedientes.ver',
  'documentos.subir',
  'documentos.descargar',
  'documentos.anular',
  'documentos.verificar',
]);
const consulta = documentosAccess(['expedientes.ver', 'documentos.descargar']);
const sinPermisos = documentosAccess([]);
const pdf = { formato: 'PDF', anulado: false };

describe('documentosAccess', () => {
  it('reads each permission from the session list', () => {
    expect(gestor).toEqual({ subir: true, descargar: true, anular: true, verificar: true });
    expect(consulta).toEqual({ subir: false, descargar: true, anular: false, verificar: false });
  });
});

describe('canUpload', () => {
  it('needs documentos.subir and an expediente abierto or en trámite', () => {
    expect(canUpload('abierto', gestor)).toBe(true);
    expect(canUpload('en_tramite', gestor)).toBe(true);
    expect(canUpload('cerrado', gestor)).toBe(false);
    expect(canUpload('archivado', gestor)).toBe(false);
    expect(canUpload('abierto', consulta)).toBe(false);
  });
});

describe('documentoActions', () => {
  it('offers preview only for PDF, PNG and JPEG', () => {
    expect(documentoActions(pdf, 'abierto', gestor)).toEqual(['previsualizar', 'descargar', 'anular']);
    expect(documentoActions({ formato: 'PNG', anulado: false }, 'abierto', consulta)).toEqual([
      'previsualizar',
      'descargar',
    ]);
    expect(documentoActions({ formato: 'JPEG', anulado: false }, 'abierto', consulta)).toContain('previsualizar');
    expect(documentoActions({ formato: 'TXT', anulado: false }, 'abierto', gestor)).toEqual(['descargar', 'anular']);
    expect(documentoActions({ formato: 'TIFF', anulado: false }, 'abierto', gestor)).not.toContain('previsualizar');
  });

  it('offers anular only with the permission, on a valid document of an active expediente', () => {
    expect(documentoActions(pdf, 'en_tramite', gestor)).toContain('anular');
    expect(documentoActions({ formato: 'PDF', anulado: true }, 'abierto', gestor)).toEqual([
      'previsualizar',
      'descargar',
    ]);
    expect(documentoActions(pdf, 'cerrado', gestor)).toEqual(['previsualizar', 'descargar']);
    expect(documentoActions(pdf, 'abierto', consulta)).not.toContain('anular');
  });

  it('offers nothing without documentos.descargar or anular', () => {
    expect(documentoActions(pdf, 'abierto', sinPermisos)).toEqual([]);
  });
});
