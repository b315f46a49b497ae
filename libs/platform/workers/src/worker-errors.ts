// What a WorkerPool rejects a task with. Each caller maps these to its own domain's errors, so
// they carry the facts (limit, out of memory, the worker's code) rather than a finished sentence.

/** The task ran past its limit; its worker was terminated and will be replaced. */
export class WorkerTimeoutError extends Error {
  override readonly name = 'WorkerTimeoutError';

  constructor(
    readonly pool: string,
    readonly limitMs: number,
  ) {
    super(`${pool}: the task took longer than ${limitMs} ms`);
  }
}

/**
 * The worker died while the task ran: an uncaught exception, process.exit(), or (outOfMemory)
 * its heap limit. `cause` is the worker's error, when it reported one.
 */
export class WorkerCrashError extends Error {
  override readonly name = 'WorkerCrashError';

  constructor(
    readonly pool: string,
    readonly outOfMemory: boolean,
    options: { cause?: Error; exitCode?: number } = {},
  ) {
    super(
      outOfMemory
        ? `${pool}: the worker ran out of memory`
        : options.cause
          ? `${pool}: the worker crashed: ${options.cause.message}`
          : `${pool}: the worker exited (code ${options.exitCode ?? 'unknown'})`,
      options.cause === undefined ? undefined : { cause: options.cause },
    );
  }
}

/** The task's handler threw in the worker: its message, and its `code` when that was a string. */
export class WorkerTaskError extends Error {
  override readonly name = 'WorkerTaskError';

  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** The pool was closed before the task finished (or was given). */
export class WorkerPoolClosedError extends Error {
  override readonly name = 'WorkerPoolClosedError';

  constructor(readonly pool: string) {
    super(`${pool}: the worker pool is closed`);
  }
}
