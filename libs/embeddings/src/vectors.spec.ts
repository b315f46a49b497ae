import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dot, embedInBatches, l2Normalize, toBatches } from './vectors';

describe('vectors', () => {
  it('l2Normalize scales to length 1 and leaves a zero vector at zero', () => {
    const v = l2Normalize(Float32Array.from([3, 4]));
    assert.deepEqual([...v], [Math.fround(0.6), Math.fround(0.8)]);
    assert.deepEqual([...l2Normalize(new Float32Array(3))], [0, 0, 0]);
  });

  it('dot of normalised vectors is their cosine', () => {
    const a = l2Normalize(Float32Array.from([1, 1]));
    const b = l2Normalize(Float32Array.from([1, 0]));
    assert.ok(Math.abs(dot(a, b) - Math.SQRT1_2) < 1e-6);
  });

  it('toBatches splits into slices of at most the size, in order', () => {
    assert.deepEqual(toBatches([1, 2, 3, 4, 5], 2), [[1, 2], [3, 4], [5]]);
    assert.deepEqual(toBatches([], 3), []);
    assert.throws(() => toBatches([1], 0), RangeError);
  });

  it('embedInBatches calls once per batch and keeps the order', async () => {
    const calls: string[][] = [];
    const out = await embedInBatches(['a', 'b', 'c', 'd', 'e'], 2, async (batch) => {
      calls.push(batch);
      return batch.map((t) => Float32Array.of(t.charCodeAt(0)));
    });
    assert.deepEqual(calls, [['a', 'b'], ['c', 'd'], ['e']]);
    assert.deepEqual(
      out.map((v) => v[0]),
      [97, 98, 99, 100, 101],
    );
  });
});
