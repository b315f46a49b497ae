import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DomainError } from './domain-error';
import { checkScopeIds, throwIfFieldErrors } from './field-checks';

describe('field checks', () => {
  it('names each scope id that is not a valid id, and adds to the errors given', () => {
    assert.deepEqual(checkScopeIds({ tenant_id: 'acme', sub_tenant_id: 'u-1' }), []);
    const errors = [{ field: 'query', message: 'query must not be empty' }];
    assert.equal(checkScopeIds({ tenant_id: '', sub_tenant_id: 42 }, errors), errors);
    assert.deepEqual(
      errors.map((e) => e.field),
      ['query', 'tenant_id', 'sub_tenant_id'],
    );
  });

  it('throws one VALIDATION_ERROR listing every field error, and nothing without errors', () => {
    throwIfFieldErrors([]);
    const errors = checkScopeIds({ tenant_id: 'a b', sub_tenant_id: undefined });
    assert.throws(
      () => throwIfFieldErrors(errors),
      (error: unknown) =>
        error instanceof DomainError &&
        error.code === 'VALIDATION_ERROR' &&
        error.message === 'Invalid request: tenant_id must be a valid id; sub_tenant_id must be a valid id' &&
        error.details?.errors === errors,
    );
  });
});
