import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chooseAlpha } from './auto-alpha';
import {
  blendRecency,
  candidateCount,
  fuse,
  fuseCalibrated,
  keywordScore,
  minMaxNormalise,
  recencyDecay,
  semanticScore,
} from './fusion';

describe('fusion', () => {
  it('min-max normalises each list to [0, 1], equal scores to 1', () => {
    const norm = minMaxNormalise([
      { id: 'a', score: 10 },
      { id: 'b', score: 5 },
      { id: 'c', score: 0 },
    ]);
    assert.deepEqual(
      [...norm],
      [
        ['a', 1],
        ['b', 0.5],
        ['c', 0],
      ],
    );
    assert.deepEqual(
      [
        ...minMaxNormalise([
          { id: 'x', score: 0.3 },
          { id: 'y', score: 0.3 },
        ]),
      ],
      [
        ['x', 1],
        ['y', 1],
      ],
    );
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

describe('fuseCalibrated', () => {
  const calibration = { mid: 0.67, scale: 0.045 };

  it('scores on an absolute scale: an irrelevant best hit scores low, whatever the other hits', () => {
    // Nothing relevant: the best cosine is 0.55, far under the model's midpoint; no keyword match.
    const irrelevant = fuseCalibrated({
      semantic: [
        { id: 'a', score: 0.55 },
        { id: 'b', score: 0.5 },
      ],
      keyword: [],
      alpha: 0.8,
      calibration,
      idfMass: 9,
    });
    assert.equal(irrelevant[0]!.id, 'a');
    assert.ok(irrelevant[0]!.score < 0.1, `irrelevant best hit scored ${irrelevant[0]!.score}`);
    // The old min–max rule gives the same list's best hit a perfect score.
    assert.equal(fuse({ semantic: irrelevant, keyword: [], alpha: 0.8 })[0]!.score, 0.8);

    const relevant = fuseCalibrated({
      semantic: [{ id: 'c', score: 0.85 }],
      keyword: [{ id: 'c', score: 9 }],
      alpha: 0.8,
      calibration,
      idfMass: 9,
    });
    assert.ok(relevant[0]!.score > 0.9, `relevant best hit scored ${relevant[0]!.score}`);
  });

  it('combines alpha · sem + (1 − alpha) · kw, absent semantic hits counting at the list’s cut-off', () => {
    const fused = fuseCalibrated({
      semantic: [
        { id: 's', score: 0.8 },
        { id: 'both', score: 0.7 },
      ],
      keyword: [
        { id: 'both', score: 4 },
        { id: 'k', score: 8 },
      ],
      alpha: 0.5,
      calibration,
      idfMass: 8,
    });
    const score = new Map(fused.map((h) => [h.id, h.score]));
    assert.ok(Math.abs(score.get('s')! - 0.5 * semanticScore(0.8, calibration)) < 1e-12);
    assert.ok(
      Math.abs(score.get('both')! - (0.5 * semanticScore(0.7, calibration) + 0.5 * keywordScore(4, 8))) <
        1e-12,
    );
    assert.ok(
      Math.abs(score.get('k')! - (0.5 * semanticScore(0.7, calibration) + 0.5 * keywordScore(8, 8))) < 1e-12,
    );
    for (const hit of fused) assert.ok(hit.score >= 0 && hit.score <= 1);
    assert.deepEqual(
      fused.map((h) => h.id),
      [...fused].sort((a, b) => b.score - a.score).map((h) => h.id),
    );
  });

  it('saturates keyword scores by the query’s own idf mass', () => {
    assert.equal(keywordScore(0, 5), 0);
    assert.equal(keywordScore(3, 0), 0);
    assert.ok(Math.abs(keywordScore(5, 5) - (1 - Math.exp(-1))) < 1e-12);
    assert.ok(keywordScore(50, 5) < 1 && keywordScore(50, 5) > 0.99);
    assert.ok(semanticScore(0.67, calibration) === 0.5);
  });
});
