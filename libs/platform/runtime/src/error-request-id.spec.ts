import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { errorBodyWithRequestId } from './error-request-id';

describe('errorBodyWithRequestId', () => {
  const error = JSON.stringify({ detail: { success: false, message: 'no', error_code: 'NOT_FOUND' } });

  it('adds the request id to an error body, keeping every field and their order', () => {
    const out = errorBodyWithRequestId(error, 404, 'req-1') as string;
    assert.equal(
      out,
      '{"detail":{"success":false,"message":"no","error_code":"NOT_FOUND","request_id":"req-1"}}',
    );
  });

  it('leaves successes, other bodies and bodies that already carry an id alone', () => {
    assert.equal(errorBodyWithRequestId(error, 200, 'req-1'), error);
    assert.equal(errorBodyWithRequestId('{"status":"ok"}', 503, 'req-1'), '{"status":"ok"}');
    assert.equal(errorBodyWithRequestId('{"detail":"text"}', 400, 'req-1'), '{"detail":"text"}');
    assert.equal(errorBodyWithRequestId('{"detail":{', 400, 'req-1'), '{"detail":{');
    const buffer = Buffer.from(error);
    assert.equal(errorBodyWithRequestId(buffer, 404, 'req-1'), buffer);
    const tagged = JSON.stringify({ detail: { request_id: 'other' } });
    assert.equal(errorBodyWithRequestId(tagged, 500, 'req-1'), tagged);
  });
});
