import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/database';
import type { TakenJob } from './job-store';

/** What a job's code gets besides the job. */
export interface JobContext {
  /**
   * Aborted when this take must stop: its lease was lost (`LeaseLostError`), its time limit passed
   * (`TimeLimitError`) or the instance stops (`StoppingError`). Pass it to downloads and child processes.
   */
  signal: AbortSignal;
  /** When the time limit passes (ms since the epoch), if the queue has one. */
  deadline: number | undefined;
  /**
   * Ends the job: `write` (the result) and the job's end in one transaction, only if this take
   * still holds the job. `false`: another take holds it, nothing was written. Without a call the
   * job ends, with nothing written, when `run` returns.
   */
  complete(write?: (tx: Queryable) => Promise<unknown>): Promise<boolean>;
  /**
   * A step of a long job (a batch, progress) committed on its own, only while this take holds
   * the job; otherwise it throws `LeaseLostError` and `run` should let it through.
   */
  step<T>(write: (tx: Queryable) => Promise<T>): Promise<T>;
  log: FastifyBaseLogger;
}

/**
 * A queue: its name, how many of its jobs one instance runs at once, its limits, and its code.
 * Define it once with `JobRunner.define`; queue jobs with `enqueueJob` (or `encolar_trabajo` in SQL).
 */
export interface QueueDefinition<Data = Record<string, unknown>> {
  /** `[a-z][a-z0-9_-]*`: the key of `cola`. */
  name: string;
  /** Spanish, for the administration. */
  title: string;
  /** Jobs of this queue one instance runs at once; 0: this instance only queues them. */
  workers: number;
  /** Takes before a job fails for good (a take whose process died counts). */
  maxAttempts: number;
  /** An attempt running longer is aborted (`TimeLimitError`) and fails for good with `timeLimitReason`. */
  timeLimitMs?: number;
  timeLimitReason?: (limitMs: number) => string;
  /** Lease of a take, renewed every third of it while the job runs. 60 s when absent. */
  leaseMs?: number;
  /** Wait before attempt n + 1 after a failure that may pass; 30 s × 4ⁿ⁻¹, at most an hour, when absent. */
  retryDelayMs?: (attempts: number) => number;
  /** Reason stored when `run` throws something other than `JobFailure`. */
  unexpectedFailureReason?: string;
  /** The work of one job; absent for a queue whose jobs only `runExclusive` runs (`workers` 0). */
  run?(job: TakenJob<Data>, context: JobContext): Promise<void>;
  /** The job failed for good: in the same transaction that records it. */
  onFailed?(tx: Queryable, job: TakenJob<Data>, reason: string): Promise<unknown>;
  /** An administrator retries a failed job: in the same transaction that queues it again. */
  onRetry?(tx: Queryable, job: { id: string; key: string | null; data: Data }): Promise<unknown>;
}

export const DEFAULT_LEASE_MS = 60_000;

/** 30 s, 2 min, 8 min… at most an hour. */
export const defaultRetryDelayMs = (attempts: number) => Math.min(30_000 * 4 ** (attempts - 1), 3_600_000);
