/** One field-level validation problem, as the server lists it in `detail.errors`. */
export interface TroveFieldError {
  field: string;
  message: string;
}

/** What the constructor of every TroveError takes. */
export interface TroveErrorInit {
  status: number;
  errorCode: string;
  message: string;
  fieldErrors?: TroveFieldError[];
  requestId?: string;
  /** The answer's body as parsed (JSON, or text when it was not JSON). */
  body?: unknown;
  retryAfterSeconds?: number;
  cause?: unknown;
}

/**
 * Every failure the client reports: an answer with a status other than 2xx (`status`, the
 * server's `error_code` as `errorCode`, its message, `fieldErrors` for validation, and
 * `requestId` from the `x-request-id` header, which names the request in the server's logs),
 * or no answer at all (TroveConnectionError, `status` 0).
 *
 * Subclasses per status, to catch with `instanceof`; `status` is the discriminant when switching.
 */
export class TroveError extends Error {
  readonly status: number;
  readonly errorCode: string;
  readonly fieldErrors: TroveFieldError[];
  readonly requestId: string | undefined;
  readonly body: unknown;

  constructor(init: TroveErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.status = init.status;
    this.errorCode = init.errorCode;
    this.fieldErrors = init.fieldErrors ?? [];
    this.requestId = init.requestId;
    this.body = init.body;
  }

  /** The error for an answer that was not 2xx; `body` is the answer's body, parsed. */
  static fromResponse(response: Response, body: unknown): TroveError {
    const detail = detailOf(body);
    const init: TroveErrorInit = {
      status: response.status,
      errorCode: detail.errorCode ?? fallbackCode(response.status),
      message: detail.message ?? `HTTP ${response.status} ${response.statusText}`.trim(),
      fieldErrors: detail.fieldErrors,
      requestId: response.headers.get('x-request-id') ?? undefined,
      body,
    };
    switch (response.status) {
      case 400:
        return new TroveBadRequestError(init);
      case 401:
        return new TroveUnauthorizedError(init);
      case 403:
        return new TroveForbiddenError(init);
      case 404:
        return new TroveNotFoundError(init);
      case 409:
        return new TroveConflictError(init);
      case 413:
        return new TrovePayloadTooLargeError(init);
      case 415:
        return new TroveUnsupportedMediaTypeError(init);
      case 422:
        return new TroveValidationError(init);
      case 429: {
        const retryAfter = Number(response.headers.get('retry-after'));
        return new TroveRateLimitError({
          ...init,
          ...(Number.isFinite(retryAfter) && retryAfter >= 0 ? { retryAfterSeconds: retryAfter } : {}),
        });
      }
      case 503:
        return new TroveUnavailableError(init);
      default:
        return response.status >= 500 ? new TroveServerError(init) : new TroveError(init);
    }
  }
}

/** 400: a parameter out of range, a dimension mismatch, too many rows… */
export class TroveBadRequestError extends TroveError {}
/** 401 `UNAUTHORIZED`: no key, or a key that is unknown or revoked. */
export class TroveUnauthorizedError extends TroveError {}
/** 403 `FORBIDDEN`: the key lacks the scope, or the tenant is not its owner's. */
export class TroveForbiddenError extends TroveError {}
/** 404: `NOT_FOUND`, `TENANT_NOT_FOUND`, `SOURCE_NOT_FOUND`, `FILE_NOT_FOUND`… */
export class TroveNotFoundError extends TroveError {}
/** 409: `CONFLICT`, `TENANT_ALREADY_EXISTS`. */
export class TroveConflictError extends TroveError {}
/** 413: `PAYLOAD_TOO_LARGE`, `FILE_TOO_LARGE`. */
export class TrovePayloadTooLargeError extends TroveError {}
/** 415 `UNSUPPORTED_MEDIA_TYPE`. */
export class TroveUnsupportedMediaTypeError extends TroveError {}
/** 422 `VALIDATION_ERROR` (see `fieldErrors`) or `NOT_IMPLEMENTED`. */
export class TroveValidationError extends TroveError {}

/** 429 `RATE_LIMITED`; `retryAfterSeconds` from the `Retry-After` header. */
export class TroveRateLimitError extends TroveError {
  readonly retryAfterSeconds: number | undefined;

  constructor(init: TroveErrorInit) {
    super(init);
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** 5xx: the server failed (`INTERNAL_ERROR`). */
export class TroveServerError extends TroveError {}
/** 503 `SERVICE_UNAVAILABLE`: a service did not answer in time or is not running (the message names it). */
export class TroveUnavailableError extends TroveServerError {}

/** No answer: the server could not be reached, the connection failed, or the request timed out. */
export class TroveConnectionError extends TroveError {
  constructor(message: string, cause?: unknown) {
    super({ status: 0, errorCode: 'CONNECTION_FAILED', message, cause });
  }
}

/** waitForProcessing gave up before the item reached a final status. */
export class TroveProcessingTimeoutError extends Error {
  constructor(
    readonly fileId: string,
    readonly lastStatus: string | undefined,
    timeoutMs: number,
  ) {
    super(
      `${fileId} was still ${lastStatus ?? 'unknown'} after ${timeoutMs} ms (waitForProcessing timeoutMs)`,
    );
    this.name = 'TroveProcessingTimeoutError';
  }
}

/** `{detail: {message, error_code, errors}}`, the server's error shape; anything else gives nothing. */
function detailOf(body: unknown): { message?: string; errorCode?: string; fieldErrors?: TroveFieldError[] } {
  if (typeof body !== 'object' || body === null) {
    return typeof body === 'string' && body.trim() !== '' ? { message: body.trim().slice(0, 500) } : {};
  }
  const raw = (body as Record<string, unknown>)['detail'];
  if (typeof raw !== 'object' || raw === null) return {};
  const detail = raw as Record<string, unknown>;
  const errors = Array.isArray(detail['errors'])
    ? detail['errors'].flatMap((e: unknown) => {
        if (typeof e !== 'object' || e === null) return [];
        const { field, message } = e as Record<string, unknown>;
        return typeof field === 'string' && typeof message === 'string' ? [{ field, message }] : [];
      })
    : undefined;
  return {
    ...(typeof detail['message'] === 'string' ? { message: detail['message'] } : {}),
    ...(typeof detail['error_code'] === 'string' ? { errorCode: detail['error_code'] } : {}),
    ...(errors ? { fieldErrors: errors } : {}),
  };
}

/** An error code for an answer without one (a proxy's page, an empty body). */
function fallbackCode(status: number): string {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 503) return 'SERVICE_UNAVAILABLE';
  if (status >= 500) return 'INTERNAL_ERROR';
  return `HTTP_${status}`;
}
