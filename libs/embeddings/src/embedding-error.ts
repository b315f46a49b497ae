/**
 * Why an embedding call failed: `provider` names the adapter, `status` the HTTP status if there
 * was one, `retryable` whether the same call may succeed later (network, timeout, 429, 5xx).
 */
export class EmbeddingError extends Error {
  override readonly name = 'EmbeddingError';
  readonly provider: string;
  readonly status: number | undefined;
  readonly retryable: boolean;
  /** The message without the provider prefix. */
  readonly detail: string;

  constructor(
    provider: string,
    detail: string,
    options: { status?: number; retryable?: boolean; cause?: unknown } = {},
  ) {
    super(`${provider}: ${detail}`, options.cause === undefined ? undefined : { cause: options.cause });
    this.provider = provider;
    this.detail = detail;
    this.status = options.status;
    this.retryable = options.retryable ?? false;
  }
}
