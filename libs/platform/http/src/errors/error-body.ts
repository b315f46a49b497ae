import { DomainError, ErrorCode, FieldError } from '@trove/contracts';
import { codeOfStatus, statusOf } from './error-status';

/** The spec's error body (docs/api.md, Errors). */
export interface ErrorBody {
  detail: {
    success: false;
    message: string;
    error_code: ErrorCode;
    errors?: FieldError[];
  };
}

export interface HttpError {
  status: number;
  body: ErrorBody;
}

export function errorBody(code: ErrorCode, message: string, errors?: FieldError[]): ErrorBody {
  return errors === undefined
    ? { detail: { success: false, message, error_code: code } }
    : { detail: { success: false, message, error_code: code, errors } };
}

/** Fastify's own errors (body parsing, limits) by their code: what the caller did wrong. */
const FASTIFY_ERRORS = new Map<string, { status: number; message: string }>([
  ['FST_ERR_CTP_BODY_TOO_LARGE', { status: 413, message: 'Request body is larger than the limit' }],
  ['FST_ERR_CTP_INVALID_MEDIA_TYPE', { status: 415, message: 'Unsupported content type' }],
  ['FST_ERR_CTP_INVALID_CONTENT_LENGTH', { status: 400, message: 'Content-Length does not match the body' }],
  [
    'FST_ERR_CTP_EMPTY_JSON_BODY',
    { status: 422, message: 'Request body is empty but the content type is JSON' },
  ],
  ['FST_ERR_CTP_INVALID_JSON_BODY', { status: 422, message: 'Request body is not valid JSON' }],
  ['FST_ERR_CTP_INSTANCE_ALREADY_STARTED', { status: 500, message: 'Internal error' }],
  ['FST_ERR_BAD_URL', { status: 400, message: 'The URL is not valid (a malformed percent-encoding)' }],
  ['FST_ERR_ASYNC_CONSTRAINT', { status: 400, message: 'The request does not match a route constraint' }],
]);

/** Turns anything thrown while serving a request into a status and the spec's error body. */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof DomainError) {
    return {
      status: statusOf(error.code),
      body: errorBody(error.code, error.message, error.details?.errors),
    };
  }
  const candidate = error as { code?: unknown; statusCode?: unknown; status?: unknown; message?: unknown };
  const known = typeof candidate?.code === 'string' ? FASTIFY_ERRORS.get(candidate.code) : undefined;
  if (known) {
    return { status: known.status, body: errorBody(codeOfStatus(known.status), known.message) };
  }
  if (error instanceof SyntaxError) {
    return { status: 422, body: errorBody('VALIDATION_ERROR', 'Request body is not valid JSON') };
  }
  const status =
    typeof candidate?.statusCode === 'number'
      ? candidate.statusCode
      : typeof candidate?.status === 'number'
        ? candidate.status
        : 500;
  if (status >= 400 && status < 500) {
    const message = typeof candidate.message === 'string' ? candidate.message : 'Bad request';
    return { status, body: errorBody(codeOfStatus(status), message) };
  }
  return { status: 500, body: errorBody('INTERNAL_ERROR', 'Internal server error') };
}
