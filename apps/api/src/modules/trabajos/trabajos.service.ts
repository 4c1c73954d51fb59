import { FALLIDOS_MOSTRADOS, type EstadoTrabajos } from '@ecodigital/contracts/trabajos';
import type { Database } from '../../db/database';
import { registrarAuditoria } from '../../shared/auditoria';
import type { Caller } from '../../shared/caller/caller';
import { isoString } from '../../shared/dates';
import { failedJobs, queueStatuses, requeueFailed, setQueuePaused } from '../../shared/jobs/job-admin';
import type { JobRunner } from '../../shared/jobs/job-runner';
import { colaNoExiste, MENSAJES_TRABAJOS, trabajoNoFallido } from './trabajos.mensajes';

/** Every queue with its jobs counted by state, and the last failed jobs with their reason. */
export async function estadoTrabajos(db: Database): Promise<EstadoTrabajos> {
  const [colas, fallidos] = [await queueStatuses(db), await failedJobs(db, FALLIDOS_MOSTRADOS)];
  return {
    colas: colas.map((cola) => ({ ...cola, pausada_en: cola.pausada_en === null ? null : isoString(cola.pausada_en) })),
    fallidos: fallidos.map((fallido) => ({ ...fallido, actualizado: isoString(fallido.actualizado) })),
  };
}

/** Pauses or resumes a queue (audited when it changes); answers the message for the person. */
export async function pausarCola(db: Database, caller: Caller, cola: string, pausada: boolean): Promise<string> {
  return db.transaction(async (tx) => {
    const antes = await setQueuePaused(tx, cola, pausada, caller.id_usuario);
    if (!antes) throw colaNoExiste();
    if (antes.pausada !== pausada) {
      await registrarAuditoria(tx, {
        id_usuario: caller.id_usuario,
        accion: pausada ? 'cola.pausar' : 'cola.reanudar',
        entidad: 'cola',
        id_entidad: cola,
        descripcion: pausada ? `Pausó la cola «${antes.titulo}».` : `Reanudó la cola «${antes.titulo}».`,
        antes: { pausada: antes.pausada },
        despues: { pausada },
      });
    }
    return pausada ? MENSAJES_TRABAJOS.pausada(antes.titulo) : MENSAJES_TRABAJOS.reanudada(antes.titulo);
  });
}

/**
 * A failed job back to its queue from its first attempt, with what its queue does on a retry (the
 * document's text becomes `pendiente` again) in the same transaction; audited.
 */
export async function reintentarTrabajo(db: Database, jobs: JobRunner, caller: Caller, id: string): Promise<string> {
  if (!/^[1-9][0-9]{0,17}$/.test(id)) throw trabajoNoFallido();
  const trabajo = await db.transaction(async (tx) => {
    const fallido = await requeueFailed(tx, id);
    if (!fallido) throw trabajoNoFallido();
    const cola = jobs.queues.find((definicion) => definicion.name === fallido.cola);
    await cola?.onRetry?.(tx, { id: fallido.id, key: fallido.clave, data: fallido.datos as never });
    await registrarAuditoria(tx, {
      id_usuario: caller.id_usuario,
      accion: 'trabajo.reintentar',
      entidad: 'trabajo',
      id_entidad: fallido.id,
      descripcion: `Reintentó «${fallido.descripcion ?? `Trabajo nº ${fallido.id}`}» de la cola «${fallido.titulo}».`,
    });
    return fallido;
  });
  jobs.wake(trabajo.cola);
  return MENSAJES_TRABAJOS.reintentado(trabajo.descripcion ?? `Trabajo nº ${trabajo.id}`);
}
