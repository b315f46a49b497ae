import assert from 'node:assert/strict';
import { ApiResponse } from '@trove/testing';

interface ErrorBody {
  detail: {
    success: boolean;
    message: string;
    error_code: string;
    request_id?: string;
    errors?: { field: string; message: string }[];
  };
}

/** Asserts the status and that the body is the spec's error shape with the given code. */
export function expectError(response: ApiResponse, status: number, code: string): ErrorBody['detail'] {
  assert.equal(
    response.status,
    status,
    `expected ${status} ${code}, got ${response.status}: ${JSON.stringify(response.body)}`,
  );
  const body = response.body as ErrorBody;
  assert.equal(typeof body, 'object', `error body is not JSON: ${String(response.body)}`);
  assert.equal(body.detail.success, false);
  assert.equal(body.detail.error_code, code);
  assert.equal(typeof body.detail.message, 'string');
  assert.ok(body.detail.message.length > 0);
  assert.equal(body.detail.request_id, response.headers.get('x-request-id'), 'the body names the request');
  return body.detail;
}
