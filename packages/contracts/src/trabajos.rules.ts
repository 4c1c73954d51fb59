// Plain constants of the background jobs' administration; `trabajos.ts` re-exports them.

/** Failed jobs the administration lists, newest first (the per-queue counts give the rest). */
export const FALLIDOS_MOSTRADOS = 50;

/** Queues are declared by the code, a handful; listed up to this many. */
export const COLAS_MAX = 50;
