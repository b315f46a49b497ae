import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TroveConnectionError, TroveError, TroveProcessingTimeoutError } from '@trove/sdk';
import { describeError, ExitCode, exitCodeFor, UsageError } from './exit-codes';

const answered = (status: number, errorCode: string) =>
  new TroveError({ status, errorCode, message: 'said so', requestId: 'r-1' });

describe('exit codes', () => {
  it('maps 4xx to 2, 5xx and no answer to 3, a wait that ran out to 4, the rest to 1', () => {
    assert.equal(exitCodeFor(answered(401, 'UNAUTHORIZED')), ExitCode.rejected);
    assert.equal(exitCodeFor(answered(422, 'VALIDATION_ERROR')), ExitCode.rejected);
    assert.equal(exitCodeFor(answered(503, 'SERVICE_UNAVAILABLE')), ExitCode.unavailable);
    assert.equal(exitCodeFor(answered(500, 'INTERNAL_ERROR')), ExitCode.unavailable);
    assert.equal(exitCodeFor(new TroveConnectionError('refused')), ExitCode.unavailable);
    assert.equal(exitCodeFor(new TroveProcessingTimeoutError('f', 'queued', 10)), ExitCode.processingFailed);
    assert.equal(exitCodeFor(new UsageError('no key')), ExitCode.usage);
  });

  it("says the server's message, status, code and request id, and each field error", () => {
    const error = new TroveError({
      status: 422,
      errorCode: 'VALIDATION_ERROR',
      message: 'Invalid input',
      requestId: 'r-9',
      fieldErrors: [{ field: 'tenant_id', message: 'tenant_id must match' }],
    });
    assert.equal(
      describeError(error),
      'Invalid input (HTTP 422 VALIDATION_ERROR, request id r-9)\n  tenant_id: tenant_id must match',
    );
    assert.equal(describeError(new TroveConnectionError('could not reach x')), 'could not reach x');
  });
});
