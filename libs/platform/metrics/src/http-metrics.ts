import { isErrorCode } from '@trove/contracts';
import { httpErrors, httpRequestDuration, httpRequests } from './trove-metrics';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** An error body larger than this is not one of ours (ours are a few hundred bytes). */
const MAX_ERROR_BODY = 64 * 1024;

/** What onResponse knows of a request (Fastify's request and reply, reduced). */
export interface HttpSample {
  method: string;
  /** The route template (`request.routeOptions.url`); undefined when no route matched. */
  route: string | undefined;
  status: number;
  /** `reply.elapsedTime`. */
  elapsedMs: number;
  /** The error code of an error response (errorCodeOf its body). */
  errorCode?: string;
}

/**
 * The `detail.error_code` of an error body (docs/api.md, Errors) when it is one of the spec's
 * codes; `unknown` otherwise (Fastify's bare 503 while closing, a body that is not ours), so a
 * label value is never text the client chose.
 */
export function errorCodeOf(payload: unknown): string {
  const text = Buffer.isBuffer(payload) ? payload.toString('utf8') : payload;
  if (typeof text !== 'string' || text.length > MAX_ERROR_BODY || !text.startsWith('{')) return 'unknown';
  try {
    const code = (JSON.parse(text) as { detail?: { error_code?: unknown } }).detail?.error_code;
    return isErrorCode(code) ? code : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Counts and times one answered request; errors also by their error code. */
export function observeHttpResponse(sample: HttpSample): void {
  const labels = {
    method: METHODS.has(sample.method) ? sample.method : 'other',
    route: sample.route ?? 'unmatched',
    status: String(sample.status),
  };
  httpRequests.inc(labels);
  httpRequestDuration.observe(labels, sample.elapsedMs / 1000);
  if (sample.status >= 400) httpErrors.inc({ ...labels, error_code: sample.errorCode ?? 'unknown' });
}

const errorCodes = new WeakMap<object, string>();

/** Called from onSend: remembers the error code of an error response until onResponse. */
export function noteErrorResponse(request: object, status: number, payload: unknown): void {
  if (status >= 400) errorCodes.set(request, errorCodeOf(payload));
}

/** The error code noteErrorResponse saw for this request, if any. */
export function errorCodeNoted(request: object): string | undefined {
  return errorCodes.get(request);
}
