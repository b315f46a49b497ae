import { DomainError } from '@trove/contracts';

/** The service a pattern belongs to: `tenant.api-key.verify` → `tenant`. */
export function serviceOf(pattern: string): string {
  const dot = pattern.indexOf('.');
  return dot === -1 ? pattern : pattern.slice(0, dot);
}

export function timeoutError(pattern: string, timeoutMs: number): DomainError {
  return new DomainError(
    'SERVICE_UNAVAILABLE',
    `The ${serviceOf(pattern)} service did not answer within ${timeoutMs} ms`,
    { service: serviceOf(pattern), timed_out: true },
  );
}

export function noResponderError(pattern: string): DomainError {
  return new DomainError('SERVICE_UNAVAILABLE', `The ${serviceOf(pattern)} service is not running`, {
    service: serviceOf(pattern),
  });
}

/**
 * Turns whatever a transport rejected with into a DomainError: the callee's coded error when it
 * sent one, otherwise an INTERNAL_ERROR that does not leak the callee's internals.
 */
export function toDomainError(pattern: string, error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (DomainError.isSerialized(error)) return DomainError.fromSerialized(error);
  return new DomainError('INTERNAL_ERROR', `The ${serviceOf(pattern)} service failed to handle the request`);
}
