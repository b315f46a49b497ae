import assert from 'node:assert/strict';
import { LlmError } from '../llm-error';

/** Awaits a call that must fail with an LlmError and hands the error over for checks (specs). */
export async function llmFailure(promise: Promise<unknown>): Promise<LlmError> {
  try {
    await promise;
  } catch (error: unknown) {
    assert.ok(error instanceof LlmError, `expected an LlmError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the call to fail');
}
