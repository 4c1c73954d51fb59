import { describe, expect, it } from 'vitest';
import { sendable, uploadQueueReducer, type ArchivoEnCola } from './upload-queue';

let n = 0;
const uid = () => `u${++n}`;

function withFiles(...files: File[]): ArchivoEnCola[] {
  return uploadQueueReducer([], { type: 'agregar', files, maxUploadMb: 1, uid });
}

describe('uploadQueueReducer', () => {
  it('pre-checks each added file; flagged files are never sendable', () => {
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'grande.pdf');
    const items = withFiles(new File(['a'], 'a.pdf'), big, new File(['b'], 'b.exe'));
    expect(items.map((item) => item.avisos.map((aviso) => aviso.mensaje))).toEqual([
      [],
      ['Supera el máximo de 1 MB'],
      ['Tipo no admitido'],
    ]);
    expect(sendable(items).map((item) => item.file.name)).toEqual(['a.pdf']);
  });

  it('applies a tipo to every file still waiting and clears the missing-tipo mark', () => {
    let items = withFiles(new File(['a'], 'a.pdf'), new File(['b'], 'b.png'), new File(['c'], 'c.exe'));
    items = uploadQueueReducer(items, { type: 'marcar_sin_tipo', uids: [items[0]!.uid] });
    expect(items[0]!.faltaTipo).toBe(true);
    items = uploadQueueReducer(items, {
      type: 'fin',
      uid: items[1]!.uid,
      outcome: { resultado: 'rechazado', motivo: 'x' },
    });
    items = uploadQueueReducer(items, { type: 'tipo_a_todos', id_tipo_documental: 4 });
    expect(items.map((item) => item.id_tipo_documental)).toEqual([4, undefined, undefined]);
    expect(items[0]!.faltaTipo).toBe(false);
  });

  it('follows a file through queue, progress and outcome; a cancelled one can be sent again', () => {
    let items = withFiles(new File(['a'], 'a.pdf'));
    const id = items[0]!.uid;
    items = uploadQueueReducer(items, { type: 'encolar', uids: [id] });
    expect(sendable(items)).toEqual([]);
    items = uploadQueueReducer(items, { type: 'inicio', uid: id });
    items = uploadQueueReducer(items, { type: 'progreso', uid: id, progreso: 40 });
    expect(items[0]).toMatchObject({ estado: 'enviando', progreso: 40 });
    items = uploadQueueReducer(items, { type: 'quitar', uid: id });
    expect(items).toHaveLength(1);
    items = uploadQueueReducer(items, { type: 'fin', uid: id, outcome: { resultado: 'cancelado' } });
    expect(items[0]!.estado).toBe('cancelado');
    expect(sendable(items)).toHaveLength(1);
    items = uploadQueueReducer(items, { type: 'quitar', uid: id });
    expect(items).toEqual([]);
  });
});
