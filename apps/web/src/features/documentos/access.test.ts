import { describe, expect, it } from 'vitest';
import type { EstadoExpediente } from '@ecodigital/contracts/expedientes.rules';
import { canUpload, documentoActions, documentosAccess } from './access';

const gestor = documentosAccess([
  'expedientes.ver',
  'documentos.subir',
  'documentos.descargar',
  'documentos.anular',
  'documentos.verificar',
  'expedientes.exportar_eni',
]);
const consulta = documentosAccess(['expedientes.ver', 'documentos.descargar']);
const sinPermisos = documentosAccess([]);
const pdf = { formato: 'PDF', anulado: false };
const propio = (estado: EstadoExpediente) => ({ estado, gestion: true });
const ajeno = (estado: EstadoExpediente) => ({ estado, gestion: false });

describe('documentosAccess', () => {
  it('reads each permission from the session list', () => {
    expect(gestor).toEqual({ subir: true, descargar: true, anular: true, verificar: true, exportarEni: true });
    expect(consulta).toEqual({ subir: false, descargar: true, anular: false, verificar: false, exportarEni: false });
  });
});

describe('canUpload', () => {
  it('needs documentos.subir and an expediente abierto or en trámite', () => {
    expect(canUpload(propio('abierto'), gestor)).toBe(true);
    expect(canUpload(propio('en_tramite'), gestor)).toBe(true);
    expect(canUpload(propio('cerrado'), gestor)).toBe(false);
    expect(canUpload(propio('archivado'), gestor)).toBe(false);
    expect(canUpload(propio('abierto'), consulta)).toBe(false);
  });

  it('needs gestión over the expediente: seeing it is not enough', () => {
    expect(canUpload(ajeno('abierto'), gestor)).toBe(false);
  });
});

describe('documentoActions', () => {
  it('offers preview only for PDF, PNG and JPEG', () => {
    expect(documentoActions(pdf, propio('abierto'), gestor)).toEqual(['previsualizar', 'descargar', 'copia', 'anular']);
    expect(documentoActions({ formato: 'PNG', anulado: false }, propio('abierto'), consulta)).toEqual([
      'previsualizar',
      'descargar',
      'copia',
    ]);
    expect(documentoActions({ formato: 'JPEG', anulado: false }, propio('abierto'), consulta)).toContain(
      'previsualizar',
    );
    expect(documentoActions({ formato: 'TXT', anulado: false }, propio('abierto'), gestor)).toEqual([
      'descargar',
      'anular',
    ]);
    expect(documentoActions({ formato: 'TIFF', anulado: false }, propio('abierto'), gestor)).not.toContain(
      'previsualizar',
    );
  });

  it('offers anular only with the permission, on a valid document of an active expediente', () => {
    expect(documentoActions(pdf, propio('en_tramite'), gestor)).toContain('anular');
    expect(documentoActions({ formato: 'PDF', anulado: true }, propio('abierto'), gestor)).toEqual([
      'previsualizar',
      'descargar',
    ]);
    expect(documentoActions(pdf, propio('cerrado'), gestor)).toEqual(['previsualizar', 'descargar', 'copia']);
    // Its contents destroyed by an acta de eliminación: nothing to preview, download or annul.
    expect(
      documentoActions(
        { ...pdf, eliminado: { acta: 'AE-000001', destruido_en: '2026-01-01T00:00:00.000Z' } },
        propio('abierto'),
        gestor,
      ),
    ).toEqual([]);
    expect(documentoActions(pdf, propio('abierto'), consulta)).not.toContain('anular');
    expect(documentoActions(pdf, ajeno('abierto'), gestor)).toEqual(['previsualizar', 'descargar', 'copia']);
  });

  it('offers a copia auténtica of a PDF, JPEG or PNG not anulado, to whoever may download it, also when closed', () => {
    expect(documentoActions({ formato: 'JPEG', anulado: false }, propio('archivado'), consulta)).toContain('copia');
    expect(documentoActions({ formato: 'PDF', anulado: true }, propio('abierto'), gestor)).not.toContain('copia');
    expect(documentoActions({ formato: 'DOCX', anulado: false }, propio('abierto'), gestor)).not.toContain('copia');
    expect(documentoActions({ formato: 'TIFF', anulado: false }, propio('abierto'), gestor)).not.toContain('copia');
    expect(documentoActions(pdf, propio('abierto'), sinPermisos)).not.toContain('copia');
  });

  it('offers nothing without documentos.descargar or anular', () => {
    expect(documentoActions(pdf, propio('abierto'), sinPermisos)).toEqual([]);
  });
});
