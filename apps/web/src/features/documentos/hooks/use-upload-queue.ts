import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { documentosKeys } from '../api/keys';
import { uploadDocumento } from '../api/upload-documento';
import { sendable, uploadQueueReducer, type ArchivoEnCola } from '../upload-queue';

/**
 * One at a time: the expediente numbers its documents in the order they arrive, and that order must
 * be the one the person listed (the índice's foliation), not whichever file finished first.
 */
const UPLOAD_CONCURRENCY = 1;

let uidSequence = 0;
const nextUid = () => `archivo-${++uidSequence}`;

/** The files chosen in the upload view, their per-file sending, progress, cancel and outcome. */
export function useUploadQueue(maxUploadMb: number) {
  const queryClient = useQueryClient();
  const [items, dispatch] = useReducer(uploadQueueReducer, []);
  const [sending, setSending] = useState(false);
  const controllers = useRef(new Map<string, AbortController>());
  const cancelledBeforeStart = useRef(new Set<string>());
  const latest = useRef<ArchivoEnCola[]>(items);
  useEffect(() => {
    latest.current = items;
  });

  // Leaving the view stops what is still travelling; the server keeps nothing of a cut upload.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const add = useCallback(
    (files: File[]) => dispatch({ type: 'agregar', files, maxUploadMb, uid: nextUid }),
    [maxUploadMb],
  );
  const remove = useCallback((uid: string) => dispatch({ type: 'quitar', uid }), []);
  const setTipo = useCallback(
    (uid: string, id_tipo_documental: number | undefined) => dispatch({ type: 'tipo', uid, id_tipo_documental }),
    [],
  );
  const applyTipoToAll = useCallback(
    (id_tipo_documental: number) => dispatch({ type: 'tipo_a_todos', id_tipo_documental }),
    [],
  );

  const cancel = useCallback((uid: string) => {
    const controller = controllers.current.get(uid);
    if (controller) {
      controller.abort();
      return;
    }
    cancelledBeforeStart.current.add(uid);
    dispatch({ type: 'fin', uid, outcome: { resultado: 'cancelado' } });
  }, []);

  /** Sends every ready file; `false` (nothing sent) when some lack the tipo documental. */
  const send = useCallback(
    async (id_expediente: number): Promise<boolean> => {
      const ready = sendable(latest.current);
      const sinTipo = ready.filter((item) => item.id_tipo_documental === undefined);
      if (sinTipo.length > 0) {
        dispatch({ type: 'marcar_sin_tipo', uids: sinTipo.map((item) => item.uid) });
        return false;
      }
      cancelledBeforeStart.current.clear();
      dispatch({ type: 'encolar', uids: ready.map((item) => item.uid) });
      setSending(true);
      const waiting = [...ready];
      const worker = async () => {
        for (let item = waiting.shift(); item; item = waiting.shift()) {
          if (cancelledBeforeStart.current.has(item.uid)) continue;
          const controller = new AbortController();
          controllers.current.set(item.uid, controller);
          const uid = item.uid;
          dispatch({ type: 'inicio', uid });
          const outcome = await uploadDocumento({
            id_expediente,
            id_tipo_documental: item.id_tipo_documental!,
            file: item.file,
            signal: controller.signal,
            onProgress: (progreso) => dispatch({ type: 'progreso', uid, progreso }),
          });
          controllers.current.delete(uid);
          dispatch({ type: 'fin', uid, outcome });
        }
      };
      try {
        await Promise.all(Array.from({ length: Math.min(UPLOAD_CONCURRENCY, waiting.length) }, worker));
      } finally {
        setSending(false);
        await queryClient.invalidateQueries({ queryKey: documentosKeys.list(id_expediente) });
      }
      return true;
    },
    [queryClient],
  );

  return { items, sending, add, remove, setTipo, applyTipoToAll, cancel, send };
}
