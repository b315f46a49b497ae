/**
 * Every error code a service or the gateway may answer with. The gateway maps each one to an
 * HTTP status with an exhaustive switch, so adding a code here forces a decision there.
 */
export const ErrorCodes = [
  'INVALID_PARAMETERS',
  'CANNOT_DELETE_DEFAULT_SUB_TENANT',
  'DIMENSION_MISMATCH',
  'TOO_MANY_ROWS',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'TENANT_NOT_FOUND',
  'SUB_TENANT_NOT_FOUND',
  'SUB_TENANT_NOT_PROVISIONED',
  'SOURCE_NOT_FOUND',
  'FILE_NOT_FOUND',
  'MEMORY_NOT_FOUND',
  'CONFLICT',
  'TENANT_ALREADY_EXISTS',
  'PAYLOAD_TOO_LARGE',
  /** An uploaded file over the upload size limit (the request itself was well formed). */
  'FILE_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'VALIDATION_ERROR',
  'NOT_IMPLEMENTED',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;

export type ErrorCode = (typeof ErrorCodes)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ErrorCodes as readonly string[]).includes(value);
}
