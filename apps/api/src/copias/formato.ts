import path from 'node:path';

/**
 * The layout of a backup folder (`npm run backup -- <carpeta>`):
 *
 *   <carpeta>/documentos/ab/abcdef…        every document's bytes, named by their SHA-256 (shared by
 *                                           every copy: a second backup copies only what is new)
 *   <carpeta>/copias/<fecha>/base-de-datos.sql   the database dump of that copy
 *   <carpeta>/copias/<fecha>/manifiesto.json     written LAST (atomic rename): a copy without it is
 *                                                 incomplete and is never restored
 */
export const FORMATO_COPIA = 'ecodigital-copia';
export const VERSION_FORMATO = 1;
export const ARCHIVO_MANIFIESTO = 'manifiesto.json';
export const ARCHIVO_VOLCADO = 'base-de-datos.sql';
export const CARPETA_DOCUMENTOS = 'documentos';
export const CARPETA_COPIAS = 'copias';

export interface DocumentoCopiado {
  id_documento: number;
  id_expediente: number;
  clave_almacen: string;
  sha256: string;
  bytes: number;
}

/**
 * A copia auténtica's signed PDF (decision 0403). Its CSV certifies these very bytes, which cannot be
 * made again: a restore must bring them back like a document's.
 */
export interface CopiaAutenticaCopiada {
  id_copia: number;
  id_documento: number;
  clave_almacen: string;
  sha256: string;
  bytes: number;
}

export interface Manifiesto {
  formato: typeof FORMATO_COPIA;
  version: typeof VERSION_FORMATO;
  iniciada_en: string;
  terminada_en: string;
  origen: { base_de_datos: 'postgres' | 'pglite'; almacenamiento: 'local' | 's3' };
  /** Migrations applied in the copied database: a restore needs code that knows all of them. */
  migraciones: string[];
  volcado: { archivo: string; sha256: string; bytes: number };
  /** Rows of each table, counted in the dump's own snapshot. */
  recuentos: Record<string, number>;
  documentos: DocumentoCopiado[];
  /** Absent in the backups made before copias auténticas existed. */
  copias_autenticas?: CopiaAutenticaCopiada[];
  totales: { documentos: number; bytes: number; archivos_nuevos: number; archivos_ya_copiados: number };
  /** Stored files that were missing or no longer matched their SHA-256 when copied. */
  incidencias: {
    id_documento: number;
    /** Set when the file is a copia auténtica of the document, not the document itself. */
    id_copia?: number;
    tipo: 'archivo_ausente' | 'archivo_alterado';
    detalle: string;
  }[];
}

export function rutaDocumento(carpeta: string, sha256: string): string {
  return path.join(carpeta, CARPETA_DOCUMENTOS, sha256.slice(0, 2), sha256);
}

/** `2026-11-28T04-30-00-123Z`: sorts as time does, and is a valid folder name everywhere. */
export function nombreDeCopia(fecha: Date): string {
  return fecha.toISOString().replace(/:/g, '-').replace('.', '-');
}
