import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LARGE_MEMORY_BYTES, memoryWriteTimeoutMs } from './memory.payloads';

describe('memoryWriteTimeoutMs', () => {
  it('keeps the usual wait up to a large memory, then grows with its size', () => {
    assert.equal(memoryWriteTimeoutMs(0), undefined);
    assert.equal(memoryWriteTimeoutMs(LARGE_MEMORY_BYTES), undefined);
    assert.equal(memoryWriteTimeoutMs(LARGE_MEMORY_BYTES + 1), 32_000);
    // The largest memory: a million characters, up to ~4 MB of UTF-8.
    assert.equal(memoryWriteTimeoutMs(1_400_000), 44_000);
    assert.equal(memoryWriteTimeoutMs(4_000_000), 70_000);
  });
});
