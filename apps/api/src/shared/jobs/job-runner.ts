import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/database';
import {
  JobBusyError,
  JobFailure,
  LeaseLostError,
  QueuePausedError,
  StoppingError,
  TimeLimitError,
} from './job-errors';
import {
  declareQueue,
  failJob,
  finishJob,
  holdsJob,
  isPaused,
  releaseJob,
  renewLease,
  retryJobLater,
  scheduleJob,
  takeExclusive,
  takeJob,
  type TakenJob,
} from './job-store';
import { DEFAULT_LEASE_MS, defaultRetryDelayMs, type JobContext, type QueueDefinition } from './queue-definition';

/** How often an idle worker looks for work (`wake` makes it look at once). */
const IDLE_POLL_MS = 2_000;

export interface JobRunnerOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** Names this instance in `tomado_por`. */
  worker?: string;
  idlePollMs?: number;
}

/** What `runExclusive` gives the work it runs. */
export type ExclusiveContext = Pick<JobContext, 'signal' | 'step'>;

/** A take in progress: its lease kept alive, and the signal that tells the job to stop. */
interface Hold {
  signal: AbortSignal;
  deadline: number | undefined;
  abort(reason: Error): void;
  release(): void;
}

const exhausted = (attempts: number) =>
  attempts === 1 ? 'Se agotó el único intento.' : `Se agotaron los ${attempts} intentos.`;

/**
 * Runs the jobs of every queue defined on it (see `QueueDefinition`): `workers` loops per queue
 * once started, each taking one job at a time from PostgreSQL or PGlite. Any number of instances
 * share the queues: a job is taken by one take at a time (SKIP LOCKED), held by a lease renewed
 * while it runs, and what it produces is stored only under its take's fencing token.
 */
export class JobRunner {
  readonly worker: string;
  #queues = new Map<string, QueueDefinition<never>>();
  #declared: Promise<void> | undefined;
  #active = false;
  #loops: Promise<void>[] = [];
  #wakers = new Map<string, Set<() => void>>();
  #holds = new Set<Hold>();

  constructor(private readonly options: JobRunnerOptions) {
    this.worker = options.worker ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  }

  define<Data>(definition: QueueDefinition<Data>): void {
    if (this.#queues.has(definition.name)) throw new Error(`La cola ${definition.name} ya está definida.`);
    this.#queues.set(definition.name, definition as QueueDefinition<never>);
    this.#declared = undefined;
  }

  definition(queue: string): QueueDefinition<never> {
    const definition = this.#queues.get(queue);
    if (!definition) throw new Error(`La cola ${queue} no está definida.`);
    return definition;
  }

  get queues(): QueueDefinition<never>[] {
    return [...this.#queues.values()];
  }

  /** Every defined queue exists in `cola` (once per set of definitions). */
  #declare(): Promise<void> {
    this.#declared ??= (async () => {
      for (const queue of this.#queues.values()) await declareQueue(this.options.db, queue.name, queue.title);
    })().catch((error: unknown) => {
      this.#declared = undefined;
      throw error;
    });
    return this.#declared;
  }

  /** Starts the workers of every queue (call once the migrations have run). */
  start(): void {
    if (this.#active) return;
    this.#active = true;
    for (const queue of this.#queues.values()) {
      for (let i = 0; i < queue.workers; i++) this.#loops.push(this.#loop(queue));
    }
  }

  /** Stops taking jobs, aborts the running ones (they go back to their queue) and waits for the workers. */
  async stop(): Promise<void> {
    this.#active = false;
    for (const hold of this.#holds) hold.abort(new StoppingError());
    for (const wakers of this.#wakers.values()) for (const wake of wakers) wake();
    await Promise.all(this.#loops);
    this.#loops = [];
  }

  /** There is work in `queue`: its idle workers in this instance look now instead of at their next poll. */
  wake(queue: string): void {
    for (const wake of this.#wakers.get(queue) ?? []) wake();
  }

  /** Runs the available jobs of `queue` one after another until none is left; answers how many (tests, tools). */
  async drain(queue: string): Promise<number> {
    const definition = this.definition(queue);
    await this.#declare();
    let done = 0;
    for (;;) {
      const job = await takeJob<never>(this.options.db, queue, this.worker, this.#leaseMs(definition));
      if (!job) return done;
      await this.#run(definition, job);
      done++;
    }
  }

  /** A recurring job of `queue` (see `scheduleJob`); idempotent, so every instance may call it at start. */
  async schedule(queue: string, key: string, everyMs: number, description?: string): Promise<void> {
    this.definition(queue);
    await this.#declare();
    await scheduleJob(this.options.db, queue, key, everyMs, description);
  }

  /**
   * Runs `work` now, in the caller, as the job `key` of `queue`: at most one run of a key at a
   * time across every instance (`JobBusyError` otherwise), held by a renewed lease, so a run whose
   * instance stopped is taken over once its lease expires. A failure is recorded with `reason`.
   */
  async runExclusive<T>(
    queue: string,
    key: string,
    description: string,
    work: (context: ExclusiveContext) => Promise<T>,
  ): Promise<T> {
    const definition = this.definition(queue);
    await this.#declare();
    const { db } = this.options;
    if (await isPaused(db, queue)) throw new QueuePausedError(queue);
    const job = await takeExclusive(db, queue, key, description, this.worker, this.#leaseMs(definition));
    if (!job) throw new JobBusyError(queue);
    const hold = this.#hold(definition, job);
    try {
      const result = await work({ signal: hold.signal, step: (write) => this.#step(job, hold, write) });
      await db.transaction(async (tx) => (await holdsJob(tx, job)) && finishJob(tx, job));
      return result;
    } catch (error) {
      const reason = failureOf(definition, error, hold.signal).message;
      await db
        .transaction(async (tx) => (await holdsJob(tx, job)) && failJob(tx, job, reason))
        .catch((record: unknown) =>
          this.options.log.error({ err: record, queue, key }, 'trabajo: no se anotó el fallo'),
        );
      throw error;
    } finally {
      hold.release();
    }
  }

  #leaseMs(definition: QueueDefinition<never>): number {
    return definition.leaseMs ?? DEFAULT_LEASE_MS;
  }

  async #loop(definition: QueueDefinition<never>): Promise<void> {
    while (this.#active) {
      let job: TakenJob<never> | undefined;
      try {
        await this.#declare();
        job = await takeJob<never>(this.options.db, definition.name, this.worker, this.#leaseMs(definition));
      } catch (error) {
        // The database is restarting, or the schema is not there yet: try again later.
        this.options.log.warn({ err: error, queue: definition.name }, 'trabajos: no se pudo consultar la cola');
      }
      if (job) await this.#run(definition, job);
      else await this.#idle(definition.name);
    }
  }

  #idle(queue: string): Promise<void> {
    return new Promise((resolve) => {
      const wakers = this.#wakers.get(queue) ?? new Set();
      this.#wakers.set(queue, wakers);
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, this.options.idlePollMs ?? IDLE_POLL_MS);
      wakers.add(wake);
    });
  }

  /**
   * Keeps the take's lease alive (renewed every third of it) until released, and aborts its
   * signal when the lease is lost, the time limit passes or the instance stops.
   */
  #hold(definition: QueueDefinition<never>, job: TakenJob<unknown>): Hold {
    const controller = new AbortController();
    const leaseMs = this.#leaseMs(definition);
    const limit = definition.timeLimitMs;
    const abort = (reason: Error) => {
      if (!controller.signal.aborted) controller.abort(reason);
    };
    const renewal = setInterval(() => {
      renewLease(this.options.db, job, leaseMs).then(
        (held) => held || abort(new LeaseLostError()),
        // The lease may still be ours: the next renewal, or the fence at the end, tells.
        (error: unknown) => this.options.log.warn({ err: error, job: job.id }, 'trabajos: no se renovó el arriendo'),
      );
    }, leaseMs / 3);
    const timeout = limit === undefined ? undefined : setTimeout(() => abort(new TimeLimitError(limit)), limit);
    const hold: Hold = {
      signal: controller.signal,
      deadline: limit === undefined ? undefined : Date.now() + limit,
      abort,
      release: () => {
        clearInterval(renewal);
        clearTimeout(timeout);
        this.#holds.delete(hold);
      },
    };
    this.#holds.add(hold);
    return hold;
  }

  /** A transaction that writes only while `job`'s take holds it. */
  async #step<T>(job: TakenJob<unknown>, hold: Hold, write: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.options.db.transaction(async (tx) => {
      if (!(await holdsJob(tx, job))) {
        const lost = new LeaseLostError();
        hold.abort(lost);
        throw lost;
      }
      return write(tx);
    });
  }

  /** One take of one job; whatever happens, the job ends, waits for a retry, fails, or goes back. */
  async #run(definition: QueueDefinition<never>, job: TakenJob<never>): Promise<void> {
    const { db } = this.options;
    const log = this.options.log.child({ queue: definition.name, job: job.id, key: job.key, attempt: job.attempts });
    const hold = this.#hold(definition, job);
    let ended = false;
    const context: JobContext = {
      signal: hold.signal,
      deadline: hold.deadline,
      log,
      complete: async (write) => {
        const stored = await db.transaction(async (tx) => {
          if (!(await holdsJob(tx, job))) return false;
          await write?.(tx);
          await finishJob(tx, job);
          return true;
        });
        ended = true;
        if (!stored) {
          hold.abort(new LeaseLostError());
          log.warn('trabajos: otro trabajador tiene el trabajo; no se guarda el resultado de este intento');
        }
        return stored;
      },
      step: (write) => this.#step(job, hold, write),
    };
    try {
      if (job.attempts > definition.maxAttempts) {
        // Every earlier take died with its process (its lease expired): not again.
        throw new JobFailure(`Se interrumpió sin terminar en cada intento. ${exhausted(definition.maxAttempts)}`, {
          permanent: true,
        });
      }
      if (!definition.run) throw new JobFailure('Esta cola no tiene trabajadores.', { permanent: true });
      await definition.run(job, context);
      if (!ended) await context.complete();
    } catch (error) {
      await this.#afterFailure(definition, job, hold, error, log);
    } finally {
      hold.release();
    }
  }

  async #afterFailure(
    definition: QueueDefinition<never>,
    job: TakenJob<never>,
    hold: Hold,
    error: unknown,
    log: FastifyBaseLogger,
  ): Promise<void> {
    const { db } = this.options;
    const reason = hold.signal.aborted ? hold.signal.reason : undefined;
    if (reason instanceof LeaseLostError || error instanceof LeaseLostError) {
      log.warn('trabajos: se perdió el arriendo; el intento termina sin guardar nada');
      return;
    }
    if (reason instanceof StoppingError) {
      await releaseJob(db, job).catch((release: unknown) => log.warn({ err: release }, 'trabajos: no se devolvió'));
      log.info('trabajos: devuelto a la cola al detenerse la instancia');
      return;
    }
    const failure = failureOf(definition, error, hold.signal);
    const final = failure.permanent || job.attempts >= definition.maxAttempts;
    const message =
      final && !failure.permanent ? `${failure.message} ${exhausted(definition.maxAttempts)}` : failure.message;
    try {
      const recorded = await db.transaction(async (tx) => {
        if (!(await holdsJob(tx, job))) return false;
        if (final) {
          await failJob(tx, job, message);
          await definition.onFailed?.(tx, job, message);
        } else {
          await retryJobLater(tx, job, message, (definition.retryDelayMs ?? defaultRetryDelayMs)(job.attempts));
        }
        return true;
      });
      log.warn(
        { err: error, final, recorded },
        recorded ? `trabajos: ${message}` : 'trabajos: falló un intento cuyo arriendo ya no tenía',
      );
    } catch (record) {
      log.error({ err: record, cause: error }, 'trabajos: no se anotó el fallo');
    }
  }
}

/**
 * What a failed attempt records: the job's own `JobFailure`; past the time limit, the queue's
 * reason (permanent: it would take as long again); anything else, the queue's generic reason.
 */
function failureOf(definition: QueueDefinition<never>, error: unknown, signal: AbortSignal): JobFailure {
  if (error instanceof JobFailure) return error;
  const reason: unknown = signal.aborted ? signal.reason : undefined;
  if (reason instanceof TimeLimitError) {
    return new JobFailure(
      definition.timeLimitReason?.(reason.limitMs) ??
        `Tardó más de ${Math.round(reason.limitMs / 1000)} s y se detuvo.`,
      { permanent: true },
    );
  }
  return new JobFailure(definition.unexpectedFailureReason ?? 'Terminó con un error inesperado.', {
    permanent: false,
    cause: error,
  });
}
