import retry from 'async-retry';
import { setTimeout as sleep } from 'node:timers/promises';
import { LlmError, LlmErrorKind } from './llm-error';

/** How one call is bounded and retried. */
export interface CallPolicy {
  /** The call's time box: every attempt, backoff and Retry-After wait included. */
  timeoutMs: number;
  /** One attempt, from sending the request to reading the whole body. */
  attemptTimeoutMs: number;
  /** Retries after the first attempt, on network errors, attempt timeouts, 429 and 5xx. */
  maxRetries: number;
  /** First backoff delay; it doubles each retry, with jitter, up to `maxRetryDelayMs`. */
  minRetryDelayMs: number;
  maxRetryDelayMs: number;
  /** The caller's own stop; it wins over everything, like the time box. */
  signal?: AbortSignal;
}

/** Turns a 2xx body into a value, or throws `fail(…)`. `last` is true on the final allowed attempt. */
export type ReadBody<T> = (
  body: string,
  context: { attempt: number; last: boolean; fail: (detail: string, retryable: boolean) => LlmError },
) => T;

/** One model endpoint: its URL, its key, and the errors that name the one but never the other. */
export class Endpoint {
  /** Origin and path: what messages show. */
  readonly shown: string;

  constructor(
    readonly url: URL,
    private readonly apiKey: string | undefined,
  ) {
    this.shown = `${url.origin}${url.pathname}`;
  }

  error(
    detail: string,
    kind: LlmErrorKind,
    retryable: boolean,
    options: { status?: number; attempts?: number; cause?: unknown } = {},
  ): LlmError {
    return new LlmError(this.shown, this.redact(detail), kind, retryable, options);
  }

  /** POSTs `body` as JSON under `policy`, retrying transient failures, and reads the answer. */
  async post<T>(
    body: unknown,
    policy: CallPolicy,
    read: ReadBody<T>,
  ): Promise<{ value: T; attempts: number }> {
    const deadline = AbortSignal.timeout(policy.timeoutMs);
    const call = policy.signal ? AbortSignal.any([deadline, policy.signal]) : deadline;
    let attempts = 0;
    let last: LlmError | undefined;
    const stopped = (): LlmError =>
      policy.signal?.aborted
        ? this.error('aborted by the caller', 'aborted', false, { attempts, cause: policy.signal.reason })
        : this.error(
            `no answer within the call's ${policy.timeoutMs} ms` +
              (attempts > 1 ? ` (${attempts} attempts)` : '') +
              (last ? `; last: ${last.detail}` : ''),
            'timeout',
            true,
            { attempts, status: last?.status },
          );
    // The time box and the caller's signal end the call at once, even mid-backoff.
    let onStop = (): void => undefined;
    const stop = new Promise<never>((_, reject) => {
      onStop = () => reject(stopped());
    });
    if (call.aborted) onStop();
    else call.addEventListener('abort', onStop, { once: true });

    const retrying = retry<T | undefined>(
      async (bail) => {
        // async-retry retries anything thrown, even after bail(): bail, then return.
        if (call.aborted) {
          bail(stopped());
          return undefined;
        }
        attempts++;
        try {
          return await this.attempt(body, policy, call, read, attempts);
        } catch (error: unknown) {
          if (!(error instanceof LlmError)) {
            bail(error as Error);
            return undefined;
          }
          last = error;
          if (!error.retryable || call.aborted) {
            bail(error);
            return undefined;
          }
          throw error;
        }
      },
      {
        retries: policy.maxRetries,
        factor: 2,
        minTimeout: policy.minRetryDelayMs,
        maxTimeout: policy.maxRetryDelayMs,
        randomize: true,
        // A backoff still pending when the time box ends must not hold the process open.
        unref: true,
      },
    );
    try {
      const value = (await Promise.race([retrying, stop])) as T;
      return { value, attempts };
    } catch (error: unknown) {
      if (error instanceof LlmError && error === last && error.retryable && attempts > 1) {
        throw this.error(
          `${error.detail} (gave up after ${attempts} attempts)`,
          error.kind,
          error.retryable,
          {
            status: error.status,
            attempts,
            cause: error,
          },
        );
      }
      throw error;
    } finally {
      call.removeEventListener('abort', onStop);
    }
  }

  private async attempt<T>(
    body: unknown,
    policy: CallPolicy,
    call: AbortSignal,
    read: ReadBody<T>,
    attempt: number,
  ): Promise<T> {
    const own = AbortSignal.timeout(policy.attemptTimeoutMs);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
    };
    if (this.apiKey) headers['authorization'] = `Bearer ${this.apiKey}`;
    let status: number;
    let text: string;
    let retryAfter: string | null;
    try {
      const response = await fetch(this.url, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.any([call, own]),
      });
      status = response.status;
      retryAfter = response.headers.get('retry-after');
      text = await response.text();
    } catch (error: unknown) {
      // The call's own stop is reported by post(); this error is only its last detail.
      if (own.aborted || call.aborted) {
        throw this.error(`no answer within ${policy.attemptTimeoutMs} ms`, 'timeout', !call.aborted, {
          cause: error,
        });
      }
      throw this.error(`did not answer: ${describe(error)}`, 'network', true, { cause: error });
    }
    if (status < 200 || status >= 300) {
      const retryable = status === 429 || status >= 500;
      if (status === 429 && attempt <= policy.maxRetries) {
        await sleep(retryAfterMs(retryAfter, policy.maxRetryDelayMs), undefined, { signal: call }).catch(
          () => undefined,
        );
      }
      throw this.error(`answered ${status}: ${serverWords(text)}`, 'status', retryable, { status });
    }
    return read(text, {
      attempt,
      last: attempt > policy.maxRetries,
      fail: (detail, retryable) => this.error(detail, 'response', retryable),
    });
  }

  private redact(text: string): string {
    return this.apiKey && this.apiKey.length >= 4 ? text.split(this.apiKey).join('***') : text;
  }
}

/** Parses a URL option, or throws an `LlmError` of kind `config` naming the option. */
export function parseUrl(option: string, value: string): URL {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url;
  } catch {
    // reported below
  }
  throw new LlmError(
    '',
    `${option} must be an http(s) URL, got "${value.replace(/\?.*$/, '')}"`,
    'config',
    false,
  );
}

/** Throws an `LlmError` of kind `config` unless `value` is a finite number ≥ `min`. */
export function checkNumber(option: string, value: number, min: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min) {
    throw new LlmError(
      '',
      `${option} must be a finite number ≥ ${min}, got ${String(value)}`,
      'config',
      false,
    );
  }
  return value;
}

/** A 429's Retry-After (seconds or an HTTP date), capped; 0 when absent. */
function retryAfterMs(header: string | null, cap: number): number {
  if (!header) return 0;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) ? Math.min(cap, Math.max(0, ms)) : 0;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

/** The server's own words: OpenAI `{error:{message}}`, `{error}`, `{message}`, `{detail}`, or the text. */
function serverWords(body: string): string {
  try {
    const parsed = JSON.parse(body) as {
      error?: { message?: unknown } | string;
      message?: unknown;
      detail?: unknown;
    };
    const message =
      typeof parsed.error === 'string'
        ? parsed.error
        : (parsed.error?.message ?? parsed.message ?? parsed.detail);
    if (typeof message === 'string') return message.slice(0, 300);
  } catch {
    // not JSON: fall through to the raw text
  }
  return body.replace(/\s+/g, ' ').trim().slice(0, 300) || '(empty body)';
}
