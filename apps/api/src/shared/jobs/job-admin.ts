import { COLAS_MAX } from '@ecodigital/contracts/trabajos.rules';
import type { Queryable } from '../../db/database';
import { nombreCompletoSql } from '../sql';

/** One queue as the administration sees it. */
export interface QueueStatus {
  nombre: string;
  titulo: string;
  pausada: boolean;
  pausada_por: string | null;
  pausada_en: Date | null;
  /** Waiting and available now (a job whose holder's lease expired included). */
  pendientes: number;
  /** Waiting for a later moment: a retry after a failure, a scheduled or recurring job. */
  programados: number;
  en_curso: number;
  fallidos: number;
}

export interface FailedJob {
  id: string;
  cola: string;
  titulo: string;
  descripcion: string | null;
  intentos: number;
  motivo: string | null;
  actualizado: Date;
}

export async function queueStatuses(db: Queryable): Promise<QueueStatus[]> {
  return db.query<QueueStatus>(
    `SELECT q.nombre, q.titulo, q.pausada, q.pausada_en,
            CASE WHEN u.id_usuario IS NULL THEN NULL ELSE ${nombreCompletoSql('u')} END AS pausada_por,
            coalesce(n.pendientes, 0)::integer AS pendientes, coalesce(n.programados, 0)::integer AS programados,
            coalesce(n.en_curso, 0)::integer AS en_curso, coalesce(n.fallidos, 0)::integer AS fallidos
     FROM cola q
     LEFT JOIN usuario u ON u.id_usuario = q.pausada_por
     LEFT JOIN LATERAL (
       SELECT count(*) FILTER (WHERE (t.estado = 'pendiente' AND t.disponible_desde <= now())
                                  OR (t.estado = 'en_curso' AND t.tomado_hasta < now())) AS pendientes,
              count(*) FILTER (WHERE t.estado = 'pendiente' AND t.disponible_desde > now()) AS programados,
              count(*) FILTER (WHERE t.estado = 'en_curso' AND t.tomado_hasta >= now()) AS en_curso,
              count(*) FILTER (WHERE t.estado = 'fallido') AS fallidos
       FROM trabajo t WHERE t.cola = q.nombre
     ) n ON true
     ORDER BY q.titulo
     LIMIT $1`,
    [COLAS_MAX],
  );
}

/** The last `limit` failed jobs, newest first. */
export async function failedJobs(db: Queryable, limit: number): Promise<FailedJob[]> {
  return db.query<FailedJob>(
    `SELECT t.id::text AS id, t.cola, q.titulo, t.descripcion, t.intentos, t.motivo, t.actualizado
     FROM trabajo t JOIN cola q ON q.nombre = t.cola
     WHERE t.estado = 'fallido'
     ORDER BY t.actualizado DESC, t.id DESC
     LIMIT $1`,
    [limit],
  );
}

/** Pauses or resumes `queue`; answers the queue as it was before, or undefined when there is none. */
export async function setQueuePaused(
  tx: Queryable,
  queue: string,
  paused: boolean,
  idUsuario: number,
): Promise<{ titulo: string; pausada: boolean } | undefined> {
  const [before] = await tx.query<{ titulo: string; pausada: boolean }>(
    'SELECT titulo, pausada FROM cola WHERE nombre = $1 FOR UPDATE',
    [queue],
  );
  if (!before) return undefined;
  await tx.query(
    `UPDATE cola SET pausada = $2,
       pausada_por = CASE WHEN $2 THEN $3::integer END, pausada_en = CASE WHEN $2 THEN now() END
     WHERE nombre = $1`,
    [queue, paused, idUsuario],
  );
  return before;
}

export interface RequeuedJob {
  id: string;
  cola: string;
  titulo: string;
  clave: string | null;
  datos: Record<string, unknown>;
  descripcion: string | null;
}

/** A failed job back to its queue, from its first attempt; undefined when `id` is not a failed job. */
export async function requeueFailed(tx: Queryable, id: string): Promise<RequeuedJob | undefined> {
  const [job] = await tx.query<RequeuedJob>(
    `UPDATE trabajo t SET estado = 'pendiente', intentos = 0, motivo = NULL, disponible_desde = now(), actualizado = now()
     FROM cola q
     WHERE t.id = $1 AND t.estado = 'fallido' AND q.nombre = t.cola
     RETURNING t.id::text AS id, t.cola, q.titulo, t.clave, t.datos, t.descripcion`,
    [id],
  );
  return job;
}
