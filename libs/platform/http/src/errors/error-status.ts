import { ErrorCode } from '@trove/contracts';

/** The HTTP status of each error code. Exhaustive: a new code does not compile until mapped. */
export function statusOf(code: ErrorCode): number {
  switch (code) {
    case 'INVALID_PARAMETERS':
    case 'CANNOT_DELETE_DEFAULT_SUB_TENANT':
    case 'DIMENSION_MISMATCH':
    case 'TOO_MANY_ROWS':
      return 400;
    case 'UNAUTHORIZED':
      return 401;
    case 'FORBIDDEN':
      return 403;
    case 'NOT_FOUND':
    case 'TENANT_NOT_FOUND':
    case 'SUB_TENANT_NOT_FOUND':
    case 'SUB_TENANT_NOT_PROVISIONED':
    case 'SOURCE_NOT_FOUND':
    case 'FILE_NOT_FOUND':
    case 'MEMORY_NOT_FOUND':
      return 404;
    case 'CONFLICT':
    case 'TENANT_ALREADY_EXISTS':
      return 409;
    case 'PAYLOAD_TOO_LARGE':
    case 'FILE_TOO_LARGE':
      return 413;
    case 'UNSUPPORTED_MEDIA_TYPE':
      return 415;
    case 'VALIDATION_ERROR':
    case 'NOT_IMPLEMENTED':
      return 422;
    case 'RATE_LIMITED':
      return 429;
    case 'INTERNAL_ERROR':
      return 500;
    case 'SERVICE_UNAVAILABLE':
      return 503;
  }
}

/** The code to report for an HTTP status raised outside our code (router, body parser, passport). */
export function codeOfStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404 || status === 405) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 422) return 'VALIDATION_ERROR';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 503) return 'SERVICE_UNAVAILABLE';
  if (status >= 400 && status < 500) return 'INVALID_PARAMETERS';
  return 'INTERNAL_ERROR';
}
