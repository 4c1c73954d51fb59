import { FORMATOS_ADMITIDOS } from '@ecodigital/contracts/documentos.rules';
import { formatNumber } from '../../lib/format';

export const DEFAULT_MAX_UPLOAD_MB = 100;

type MotivoBloqueo = 'demasiado_grande' | 'tipo_no_admitido' | 'vacio';

export interface AvisoPrevio {
  motivo: MotivoBloqueo;
  mensaje: string;
}

const EXTENSIONES_ADMITIDAS: ReadonlySet<string> = new Set(
  Object.values(FORMATOS_ADMITIDOS).flatMap((formato) => formato.extensions),
);

/** The `accept` attribute of the file picker: the extensions the API admits. */
export const ACCEPT_ATTRIBUTE = [...EXTENSIONES_ADMITIDAS].join(',');

/** Lower-case extension with its dot (`.pdf`), or `''` when the name has none. */
export function extensionOf(nombre: string): string {
  const base = nombre.split(/[\\/]/).at(-1) ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}

/**
 * What makes a file not worth sending, checked in the browser before any byte leaves. The API
 * decides by the bytes anyway; this only spares the person a pointless upload.
 */
export function precheckFile(
  file: { name: string; size: number },
  maxUploadMb: number = DEFAULT_MAX_UPLOAD_MB,
): AvisoPrevio[] {
  const avisos: AvisoPrevio[] = [];
  if (file.size > maxUploadMb * 1024 * 1024) {
    avisos.push({ motivo: 'demasiado_grande', mensaje: `Supera el máximo de ${formatNumber(maxUploadMb)} MB` });
  }
  if (file.size === 0) avisos.push({ motivo: 'vacio', mensaje: 'El archivo está vacío' });
  if (!EXTENSIONES_ADMITIDAS.has(extensionOf(file.name))) {
    avisos.push({ motivo: 'tipo_no_admitido', mensaje: 'Tipo no admitido' });
  }
  return avisos;
}
