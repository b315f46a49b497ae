import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ADAPTIVE_LIMIT, selectMemories } from './memory-selection';

const scored = (...scores: number[]) => scores.map((score, i) => ({ id: `m${i}`, score }));

describe('selectMemories', () => {
  it('returns the best max_count, best first', () => {
    assert.deepEqual(
      selectMemories(scored(0.2, 0.9, 0.5), 2).map((m) => m.score),
      [0.9, 0.5],
    );
    assert.equal(selectMemories(scored(0.2), 5).length, 1);
  });

  it('with max_count 0 stops at a cliff or below half the best score', () => {
    assert.deepEqual(
      selectMemories(scored(1, 0.95, 0.9, 0.4), 0).map((m) => m.score),
      [1, 0.95, 0.9],
    );
    assert.deepEqual(
      selectMemories(scored(1, 0.7, 0.65), 0).map((m) => m.score),
      [1],
    );
    assert.deepEqual(
      selectMemories(scored(0.8, 0.7, 0.6, 0.5, 0.41, 0.39), 0).map((m) => m.score),
      [0.8, 0.7, 0.6, 0.5, 0.41],
    );
    assert.deepEqual(selectMemories([], 0), []);
  });

  it('never returns more than 20 with max_count 0', () => {
    assert.equal(selectMemories(scored(...Array.from({ length: 50 }, () => 0.9)), 0).length, ADAPTIVE_LIMIT);
  });
});
