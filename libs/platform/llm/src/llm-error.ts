/**
 * What went wrong talking to a model endpoint:
 * - `config`: the client was built with a bad option (thrown by the constructor);
 * - `network`: no HTTP answer (refused, reset, DNS);
 * - `timeout`: one attempt, or the whole call's time box, ran out;
 * - `aborted`: the caller's signal fired;
 * - `status`: the server answered with a non-2xx status (see `status`);
 * - `response`: a 2xx answer that is not the shape this client expects.
 */
export type LlmErrorKind = 'config' | 'network' | 'timeout' | 'aborted' | 'status' | 'response';

/**
 * A failed call to a chat or rerank endpoint. `retryable` says whether the same call may succeed
 * later (network errors, timeouts, 429, 5xx). The message, `POST <endpoint>: <detail>`, names the
 * endpoint's URL without credentials or query, and never the API key, even when the server
 * echoes it back.
 */
export class LlmError extends Error {
  override readonly name = 'LlmError';
  /** The HTTP status, when the server answered one. */
  readonly status: number | undefined;
  /** Attempts made before giving up (1 when it was not retried; 0 when none was made). */
  readonly attempts: number;

  constructor(
    /** The URL called, as shown: origin and path only. */
    readonly endpoint: string,
    /** The message without the `POST <endpoint>: ` prefix. */
    readonly detail: string,
    readonly kind: LlmErrorKind,
    readonly retryable: boolean,
    options: { status?: number; attempts?: number; cause?: unknown } = {},
  ) {
    super(
      kind === 'config' ? detail : `POST ${endpoint}: ${detail}`,
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.status = options.status;
    this.attempts = options.attempts ?? 1;
  }
}
