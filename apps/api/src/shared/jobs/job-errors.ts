/**
 * A job's attempt failed with a reason people may read (Spanish). `permanent`: trying again would
 * fail the same way (a malformed file, a limit broken): no retry. Otherwise it is tried again after
 * a wait, until the queue's attempts run out.
 */
export class JobFailure extends Error {
  override name = 'JobFailure';
  readonly permanent: boolean;
  constructor(message: string, options: { permanent: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.permanent = options.permanent;
  }
}

/** Why a job's signal aborted: another take holds the job now (this one's lease expired). */
export class LeaseLostError extends Error {
  override name = 'LeaseLostError';
  constructor() {
    super('Otro trabajador tiene ahora este trabajo: el resultado de este intento no se guarda.');
  }
}

/** Why a job's signal aborted: its attempt reached the queue's time limit. */
export class TimeLimitError extends Error {
  override name = 'TimeLimitError';
  constructor(readonly limitMs: number) {
    super(`El intento superó su tiempo máximo (${limitMs} ms).`);
  }
}

/** Why a job's signal aborted: the instance is stopping; the job goes back to the queue untouched. */
export class StoppingError extends Error {
  override name = 'StoppingError';
  constructor() {
    super('La instancia se detiene.');
  }
}

/** `runExclusive`: the key is running elsewhere. */
export class JobBusyError extends Error {
  override name = 'JobBusyError';
}

/** `runExclusive`: an administrator paused the queue. */
export class QueuePausedError extends Error {
  override name = 'QueuePausedError';
}
