import { TroveError, TroveProcessingTimeoutError } from '@trove/sdk';

/** The documented exit codes (apps/cli/README.md). */
export const ExitCode = {
  ok: 0,
  /** Bad arguments, a path that does not exist, no API key. */
  usage: 1,
  /** The server answered 4xx: a bad key, a missing tenant, invalid input. */
  rejected: 2,
  /** No answer, or 5xx: connection refused, a timeout, a service down. */
  unavailable: 3,
  /** `--wait`: an upload's processing ended `errored`, or did not end in time. */
  processingFailed: 4,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** A mistake in how trove was called; reported with its message, exit 1. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export function exitCodeFor(error: unknown): ExitCode {
  if (error instanceof TroveError) {
    return error.status === 0 || error.status >= 500 ? ExitCode.unavailable : ExitCode.rejected;
  }
  if (error instanceof TroveProcessingTimeoutError) return ExitCode.processingFailed;
  return ExitCode.usage;
}

/** One line (and the field errors under it) saying what went wrong, for stderr. */
export function describeError(error: unknown): string {
  if (error instanceof TroveError) {
    const facts =
      error.status === 0
        ? []
        : [
            `HTTP ${error.status} ${error.errorCode}`,
            ...(error.requestId ? [`request id ${error.requestId}`] : []),
          ];
    const head = facts.length === 0 ? error.message : `${error.message} (${facts.join(', ')})`;
    return [head, ...error.fieldErrors.map((f) => `  ${f.field}: ${f.message}`)].join('\n');
  }
  return error instanceof Error ? error.message : String(error);
}
