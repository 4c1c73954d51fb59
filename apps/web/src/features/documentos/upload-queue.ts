import type { UploadOutcome } from './api/upload-documento';
import { precheckFile, type AvisoPrevio } from './precheck';

type EstadoSubida = 'pendiente' | 'en_cola' | 'enviando' | 'subido' | 'rechazado' | 'cancelado';

export interface ArchivoEnCola {
  uid: string;
  file: File;
  /** Reasons found before sending; a file with any is never sent. */
  avisos: AvisoPrevio[];
  id_tipo_documental?: number;
  estado: EstadoSubida;
  /** 0–100 while sending. */
  progreso: number;
  outcome?: UploadOutcome;
  /** Set when the person asked to send without choosing the type. */
  faltaTipo: boolean;
}

export type AccionCola =
  | { type: 'agregar'; files: File[]; maxUploadMb: number; uid: (file: File) => string }
  | { type: 'quitar'; uid: string }
  | { type: 'tipo'; uid: string; id_tipo_documental: number | undefined }
  | { type: 'tipo_a_todos'; id_tipo_documental: number }
  | { type: 'marcar_sin_tipo'; uids: string[] }
  | { type: 'encolar'; uids: string[] }
  | { type: 'inicio'; uid: string }
  | { type: 'progreso'; uid: string; progreso: number }
  | { type: 'fin'; uid: string; outcome: UploadOutcome };

/** A file waiting for the person (not sent yet, or cancelled and sendable again). */
export function isEditable(item: ArchivoEnCola): boolean {
  return item.estado === 'pendiente' || item.estado === 'cancelado';
}

/** Files the "Subir" button would send now. */
export function sendable(items: readonly ArchivoEnCola[]): ArchivoEnCola[] {
  return items.filter((item) => isEditable(item) && item.avisos.length === 0);
}

function update(items: ArchivoEnCola[], uid: string, change: (item: ArchivoEnCola) => ArchivoEnCola): ArchivoEnCola[] {
  return items.map((item) => (item.uid === uid ? change(item) : item));
}

export function uploadQueueReducer(items: ArchivoEnCola[], action: AccionCola): ArchivoEnCola[] {
  switch (action.type) {
    case 'agregar':
      return [
        ...items,
        ...action.files.map((file) => ({
          uid: action.uid(file),
          file,
          avisos: precheckFile(file, action.maxUploadMb),
          estado: 'pendiente' as const,
          progreso: 0,
          faltaTipo: false,
        })),
      ];
    case 'quitar':
      return items.filter((item) => item.uid !== action.uid || item.estado === 'enviando' || item.estado === 'en_cola');
    case 'tipo':
      return update(items, action.uid, (item) =>
        isEditable(item) ? { ...item, id_tipo_documental: action.id_tipo_documental, faltaTipo: false } : item,
      );
    case 'tipo_a_todos':
      return items.map((item) =>
        isEditable(item) && item.avisos.length === 0
          ? { ...item, id_tipo_documental: action.id_tipo_documental, faltaTipo: false }
          : item,
      );
    case 'marcar_sin_tipo':
      return items.map((item) => (action.uids.includes(item.uid) ? { ...item, faltaTipo: true } : item));
    case 'encolar':
      return items.map((item) =>
        action.uids.includes(item.uid) ? { ...item, estado: 'en_cola', progreso: 0, outcome: undefined } : item,
      );
    case 'inicio':
      return update(items, action.uid, (item) => ({ ...item, estado: 'enviando', progreso: 0, outcome: undefined }));
    case 'progreso':
      return update(items, action.uid, (item) =>
        item.estado === 'enviando' ? { ...item, progreso: action.progreso } : item,
      );
    case 'fin':
      return update(items, action.uid, (item) => ({
        ...item,
        estado: action.outcome.resultado,
        progreso: action.outcome.resultado === 'subido' ? 100 : item.progreso,
        outcome: action.outcome,
      }));
  }
}
