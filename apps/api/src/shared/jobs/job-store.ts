import type { Queryable } from '../../db/database';

/** A job as its worker holds it: `token` is this take's fencing token, unique among every take. */
export interface TakenJob<Data = Record<string, unknown>> {
  id: string;
  queue: string;
  key: string | null;
  description: string | null;
  data: Data;
  /** This take's number (1 for the first); a take whose process died counted too. */
  attempts: number;
  token: string;
  /** Set for a recurring job: it comes back this long after each completion. */
  recurring: boolean;
}

export interface EnqueueOptions {
  /** One job per key and queue: queuing a key already queued or running changes nothing; a failed one starts over. */
  key?: string;
  /** How the administration names it (Spanish). */
  description?: string;
  data?: Record<string, unknown>;
  /** Not taken before this moment (scheduled jobs); now when absent. */
  runAt?: Date;
}

const RETURNING_JOB = `RETURNING t.id::text AS id, t.cola AS queue, t.clave AS key, t.descripcion AS description,
  t.datos AS data, t.intentos AS attempts, t.testigo::text AS token, t.repetir_cada IS NOT NULL AS recurring`;

/** Queues a job, in the caller's transaction when `db` is one (the job exists only if what asked for it does). */
export async function enqueueJob(db: Queryable, queue: string, options: EnqueueOptions = {}): Promise<void> {
  await db.query('SELECT encolar_trabajo($1, $2, $3, $4::jsonb, coalesce($5::timestamptz, now()))', [
    queue,
    options.key ?? null,
    options.description ?? null,
    JSON.stringify(options.data ?? {}),
    options.runAt?.toISOString() ?? null,
  ]);
}

/**
 * A recurring job under `key`: made once (by whichever instance comes first), then taken every
 * `everyMs` after its last completion. Calling it again only updates the period.
 */
export async function scheduleJob(
  db: Queryable,
  queue: string,
  key: string,
  everyMs: number,
  description?: string,
): Promise<void> {
  await db.query(
    `INSERT INTO trabajo (cola, clave, descripcion, repetir_cada) VALUES ($1, $2, $3, $4 * interval '1 millisecond')
     ON CONFLICT (cola, clave) DO UPDATE SET repetir_cada = EXCLUDED.repetir_cada, descripcion = EXCLUDED.descripcion`,
    [queue, key, description ?? null, everyMs],
  );
}

/**
 * Takes one job of `queue` for `leaseMs`, or none. First a job whose lease expired (its process
 * died: the attempt counts), then the oldest available pending one. `FOR UPDATE SKIP LOCKED`: a
 * job another worker is taking at this very moment is passed over, never waited for nor taken twice.
 * A paused queue gives nothing.
 */
export async function takeJob<Data>(
  db: Queryable,
  queue: string,
  worker: string,
  leaseMs: number,
): Promise<TakenJob<Data> | undefined> {
  for (const candidates of [EXPIRED, AVAILABLE]) {
    const [job] = await db.query<TakenJob<Data>>(
      `UPDATE trabajo t
       SET estado = 'en_curso', intentos = t.intentos + 1, testigo = nextval('trabajo_testigo_seq'),
           tomado_por = $2, tomado_en = now(), tomado_hasta = now() + $3 * interval '1 millisecond', actualizado = now()
       WHERE t.id = (
         SELECT c.id FROM trabajo c
         WHERE c.cola = $1 AND ${candidates}
           AND NOT EXISTS (SELECT 1 FROM cola q WHERE q.nombre = c.cola AND q.pausada)
         ORDER BY ${candidates === EXPIRED ? 'c.tomado_hasta' : 'c.disponible_desde'}, c.id
         LIMIT 1
         FOR UPDATE OF c SKIP LOCKED
       )
       ${RETURNING_JOB}`,
      [queue, worker, leaseMs],
    );
    if (job) return job;
  }
  return undefined;
}

const EXPIRED = `c.estado = 'en_curso' AND c.tomado_hasta < now()`;
const AVAILABLE = `c.estado = 'pendiente' AND c.disponible_desde <= now()`;

/**
 * Takes `key` of `queue` for a run that happens right now in the caller (not by a worker): made
 * running at once, or taken over when it failed or its holder's lease expired. `undefined`: it is
 * running elsewhere.
 */
export async function takeExclusive(
  db: Queryable,
  queue: string,
  key: string,
  description: string,
  worker: string,
  leaseMs: number,
): Promise<TakenJob | undefined> {
  const [job] = await db.query<TakenJob>(
    `INSERT INTO trabajo AS t (cola, clave, descripcion, estado, intentos, testigo, tomado_por, tomado_en, tomado_hasta)
     VALUES ($1, $2, $3, 'en_curso', 1, nextval('trabajo_testigo_seq'), $4, now(), now() + $5 * interval '1 millisecond')
     ON CONFLICT (cola, clave) DO UPDATE
       SET estado = 'en_curso', intentos = 1, testigo = EXCLUDED.testigo, tomado_por = EXCLUDED.tomado_por,
           tomado_en = now(), tomado_hasta = EXCLUDED.tomado_hasta, motivo = NULL, descripcion = EXCLUDED.descripcion,
           actualizado = now()
       WHERE t.estado <> 'en_curso' OR t.tomado_hasta < now()
     ${RETURNING_JOB}`,
    [queue, key, description, worker, leaseMs],
  );
  return job;
}

/** Extends the lease of the take `token`; false when that take no longer holds the job. */
export async function renewLease(db: Queryable, job: TakenJob<unknown>, leaseMs: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE trabajo SET tomado_hasta = now() + $3 * interval '1 millisecond'
     WHERE id = $1 AND testigo = $2 AND estado = 'en_curso'
     RETURNING 1`,
    [job.id, job.token, leaseMs],
  );
  return rows.length === 1;
}

/**
 * Inside a transaction: locks the job if the take `token` still holds it (the fence). Whatever the
 * transaction writes after a `true` is written by the current holder; after `false`, by nobody.
 */
export async function holdsJob(tx: Queryable, job: TakenJob<unknown>): Promise<boolean> {
  const rows = await tx.query(
    `SELECT 1 FROM trabajo WHERE id = $1 AND testigo = $2 AND estado = 'en_curso' FOR UPDATE`,
    [job.id, job.token],
  );
  return rows.length === 1;
}

const RELEASED = `testigo = NULL, tomado_por = NULL, tomado_en = NULL, tomado_hasta = NULL, actualizado = now()`;

/** Done: the row goes, or a recurring job waits for its next period. After `holdsJob`. */
export async function finishJob(tx: Queryable, job: TakenJob<unknown>): Promise<void> {
  if (job.recurring) {
    await tx.query(
      `UPDATE trabajo SET estado = 'pendiente', intentos = 0, motivo = NULL, disponible_desde = now() + repetir_cada, ${RELEASED}
       WHERE id = $1 AND testigo = $2`,
      [job.id, job.token],
    );
  } else {
    await tx.query('DELETE FROM trabajo WHERE id = $1 AND testigo = $2', [job.id, job.token]);
  }
}

/** Back to pending after `delayMs`, keeping this failure's reason. After `holdsJob`. */
export async function retryJobLater(tx: Queryable, job: TakenJob<unknown>, reason: string, delayMs: number) {
  await tx.query(
    `UPDATE trabajo SET estado = 'pendiente', motivo = $3, disponible_desde = now() + $4 * interval '1 millisecond', ${RELEASED}
     WHERE id = $1 AND testigo = $2`,
    [job.id, job.token, reason.slice(0, 1000), delayMs],
  );
}

/** Failed for good, with its reason, until someone retries it. After `holdsJob`. */
export async function failJob(tx: Queryable, job: TakenJob<unknown>, reason: string): Promise<void> {
  await tx.query(`UPDATE trabajo SET estado = 'fallido', motivo = $3, ${RELEASED} WHERE id = $1 AND testigo = $2`, [
    job.id,
    job.token,
    reason.slice(0, 1000),
  ]);
}

/** Given back untouched (the instance stops): this take does not count as an attempt. */
export async function releaseJob(db: Queryable, job: TakenJob<unknown>): Promise<void> {
  await db.query(
    `UPDATE trabajo SET estado = 'pendiente', intentos = greatest(intentos - 1, 0), disponible_desde = now(), ${RELEASED}
     WHERE id = $1 AND testigo = $2 AND estado = 'en_curso'`,
    [job.id, job.token],
  );
}

/** Makes sure the queue exists (its title as the code names it now); paused or not stays as it was. */
export async function declareQueue(db: Queryable, name: string, title: string): Promise<void> {
  await db.query(
    `INSERT INTO cola (nombre, titulo) VALUES ($1, $2) ON CONFLICT (nombre) DO UPDATE SET titulo = EXCLUDED.titulo
     WHERE cola.titulo IS DISTINCT FROM EXCLUDED.titulo`,
    [name, title],
  );
}

export async function isPaused(db: Queryable, queue: string): Promise<boolean> {
  const [row] = await db.query<{ pausada: boolean }>('SELECT pausada FROM cola WHERE nombre = $1', [queue]);
  return row?.pausada ?? false;
}
