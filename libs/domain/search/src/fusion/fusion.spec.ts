import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chooseAlpha } from './auto-alpha';
import { blendRecency, candidateCount, fuse, minMaxNormalise, recencyDecay } from './fusion';

describe('fusion', () => {
  it('min-max normalises each list to [0, 1], equal scores to 1', () => {
    const norm = minMaxNormalise([
      { id: 'a', score: 10 },
      { id: 'b', score: 5 },
      { id: 'c', score: 0 },
    ]);
    assert.deepEqual([...norm], [['a', 1], ['b', 0.5], ['c', 0]]);
    assert.deepEqual([...minMaxNormalise([{ id: 'x', score: 0.3 }, { id: 'y', score: 0.3 }])], [['x', 1], ['y', 1]]);
    assert.equal(minMaxNormalise([]).size, 0);
  });

  it('weighs semantic by alpha and keyword by 1 − alpha, absent = 0', () => {
    const keyword = [
      { id: 'k', score: 12 },
      { id: 'both', score: 6 },
      { id: 'low', score: 0 },
    ];
    const semantic = [
      { id: 's', score: 0.9 },
      { id: 'both', score: 0.5 },
      { id: 'low2', score: 0.1 },
    ];
    const fused = fuse({ keyword, semantic, alpha: 0.8 });
    const score = Object.fromEntries(fused.map((h) => [h.id, h.score]));
    assert.equal(score['s'], 0.8);
    assert.ok(Math.abs(score['k']! - 0.2) < 1e-12);
    assert.ok(Math.abs(score['both']! - (0.8 * 0.5 + 0.2 * 0.5)) < 1e-12);
    assert.equal(fused[0]!.id, 's');
    assert.equal(fuse({ keyword, semantic, alpha: 0 })[0]!.id, 'k');
    for (const hit of fused) assert.ok(hit.score >= 0 && hit.score <= 1);
  });

  it('decays by half every half-life and blends recency linearly', () => {
    const now = new Date('2026-01-31T00:00:00Z');
    assert.equal(recencyDecay(now, now, 30), 1);
    assert.ok(Math.abs(recencyDecay(new Date('2026-01-01T00:00:00Z'), now, 30) - 0.5) < 1e-12);
    assert.equal(recencyDecay(new Date('2027-01-01T00:00:00Z'), now, 30), 1);
    assert.equal(blendRecency(0.6, 0.2, 0), 0.6);
    assert.equal(blendRecency(0.6, 0.2, 1), 0.2);
    assert.ok(Math.abs(blendRecency(0.6, 0.2, 0.5) - 0.4) < 1e-12);
  });

  it('asks each engine for at least 50 and 3 × max_chunks candidates', () => {
    assert.equal(candidateCount(1), 50);
    assert.equal(candidateCount(100), 300);
  });
});

describe('alpha auto', () => {
  it('leans keyword for quotes, codes and ids; semantic for questions', () => {
    assert.equal(chooseAlpha('"exact phrase" here', 0.8).alpha, 0.2);
    assert.equal(chooseAlpha('ERR-4021', 0.8).alpha, 0.3);
    assert.equal(chooseAlpha('user_id column', 0.8).alpha, 0.3);
    assert.equal(chooseAlpha('why does the build fail with ERR-4021 on linux', 0.8).alpha, 0.5);
    assert.equal(chooseAlpha('what does the patient prefer for breakfast?', 0.8).alpha, 0.8);
    assert.equal(chooseAlpha('breakfast', 0.8).alpha, 0.5);
    assert.equal(chooseAlpha('notes about the quarterly planning meeting', 0.7).alpha, 0.7);
  });
});
