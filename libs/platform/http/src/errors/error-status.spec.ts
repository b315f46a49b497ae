import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ErrorCode, ErrorCodes } from '@trove/contracts';
import { codeOfStatus, statusOf } from './error-status';

/** The status of every code, as the API documents it. */
const expected: Record<ErrorCode, number> = {
  INVALID_PARAMETERS: 400,
  CANNOT_DELETE_DEFAULT_SUB_TENANT: 400,
  DIMENSION_MISMATCH: 400,
  TOO_MANY_ROWS: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  TENANT_NOT_FOUND: 404,
  SUB_TENANT_NOT_FOUND: 404,
  SUB_TENANT_NOT_PROVISIONED: 404,
  SOURCE_NOT_FOUND: 404,
  FILE_NOT_FOUND: 404,
  MEMORY_NOT_FOUND: 404,
  CONFLICT: 409,
  TENANT_ALREADY_EXISTS: 409,
  PAYLOAD_TOO_LARGE: 413,
  FILE_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_ERROR: 422,
  NOT_IMPLEMENTED: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

describe('statusOf', () => {
  it('maps every error code to a 4xx or 5xx status', () => {
    for (const code of ErrorCodes) {
      const status = statusOf(code);
      assert.ok(Number.isInteger(status) && status >= 400 && status <= 599, `${code} → ${status}`);
    }
  });

  it('maps each code to its documented status', () => {
    assert.deepEqual(Object.fromEntries(ErrorCodes.map((code) => [code, statusOf(code)])), expected);
  });

  it('keeps server faults apart from caller mistakes', () => {
    const serverSide = ErrorCodes.filter((code) => statusOf(code) >= 500);
    assert.deepEqual(serverSide.sort(), ['INTERNAL_ERROR', 'SERVICE_UNAVAILABLE']);
  });
});

describe('codeOfStatus', () => {
  it('gives back the code whose status it is, for every status a code owns alone', () => {
    for (const status of [401, 403, 413, 415, 429, 503]) {
      assert.equal(statusOf(codeOfStatus(status)), status, `status ${status}`);
    }
    assert.equal(codeOfStatus(404), 'NOT_FOUND');
    assert.equal(codeOfStatus(409), 'CONFLICT');
    assert.equal(codeOfStatus(422), 'VALIDATION_ERROR');
  });

  it('reports a 405 as NOT_FOUND, other 4xx as INVALID_PARAMETERS and anything else as INTERNAL_ERROR', () => {
    assert.equal(codeOfStatus(405), 'NOT_FOUND');
    for (const status of [400, 408, 418, 451]) assert.equal(codeOfStatus(status), 'INVALID_PARAMETERS');
    for (const status of [200, 302, 500, 502, 504]) assert.equal(codeOfStatus(status), 'INTERNAL_ERROR');
  });
});
