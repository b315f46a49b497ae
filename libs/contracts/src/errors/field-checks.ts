import { isValidId } from '../common/ids';
import { DomainError, FieldError } from './domain-error';

/*
 * The two steps every service's own request checks share (STYLE 5: services check again what they
 * rely on, behind the gateway's validation): the scope ids, and one VALIDATION_ERROR naming every
 * field problem at once.
 */

/** Adds an error for each of tenant_id and sub_tenant_id that is not a valid id; returns `errors`. */
export function checkScopeIds(
  request: { tenant_id: unknown; sub_tenant_id: unknown },
  errors: FieldError[] = [],
): FieldError[] {
  for (const field of ['tenant_id', 'sub_tenant_id'] as const) {
    if (!isValidId(request[field])) errors.push({ field, message: `${field} must be a valid id` });
  }
  return errors;
}

/** Throws one VALIDATION_ERROR listing `errors`; returns when there are none. */
export function throwIfFieldErrors(errors: FieldError[]): void {
  if (errors.length === 0) return;
  throw new DomainError('VALIDATION_ERROR', `Invalid request: ${errors.map((e) => e.message).join('; ')}`, {
    errors,
  });
}
