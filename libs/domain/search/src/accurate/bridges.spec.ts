import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { combineHops, names, titleName } from './bridges';
import { rewritesOf } from './rewrites';

describe('accurate mode: bridges', () => {
  it('reads a title as the name a passage would write', () => {
    assert.equal(titleName('Kiss and Tell (1945 film)'), 'kiss and tell');
    assert.equal(titleName('Shirley Temple - Wikipedia'), 'shirley temple');
    assert.equal(titleName('Release notes | Acme Docs'), 'release notes');
    assert.equal(titleName('shirley_temple.txt'), 'shirley temple');
    assert.equal(titleName('Annual Report.pdf'), 'annual report');
    assert.equal(titleName('Io'), null, 'too short to be a name');
    assert.equal(titleName('A title that is really a whole sentence about many different things'), null);
  });

  it('finds a name as whole words only, case-insensitively', () => {
    assert.equal(names('The film starred Shirley Temple as Corliss.', 'shirley temple'), true);
    assert.equal(names('Shirley Templeton was there.', 'shirley temple'), false);
    assert.equal(names('Made in Paris, France.', 'paris'), true);
    assert.equal(names('Comparison of parish records.', 'paris'), false);
  });

  it('lifts a second-hop candidate only where a first passage names its source', () => {
    const first = [
      { id: 'film_0', score: 0.6 },
      { id: 'other_0', score: 0.3 },
      { id: 'temple_0', score: 0.1 },
    ];
    const from = { id: 'film_0', sourceId: 'film', text: 'Kiss and Tell stars Shirley Temple.', score: 0.6 };
    const found = [
      { id: 'film_0', sourceId: 'film', title: 'Kiss and Tell', score: 0.9 },
      { id: 'temple_0', sourceId: 'temple', title: 'Shirley Temple', score: 0.7 },
      { id: 'unnamed_0', sourceId: 'unnamed', title: 'Meet Corliss Archer', score: 0.8 },
    ];
    const scored = combineHops(first, [{ from, found }]);
    const chain = (id: string) => scored.find((s) => s.id === id)?.parts?.second_hop;
    // chain = 0.6 · 0.7 = 0.42; score = 1 − (1 − 0.1)(1 − 0.42) = 0.478
    assert.ok(Math.abs(chain('temple_0')! - 0.42) < 1e-9);
    assert.deepEqual(
      scored.map((s) => s.id),
      ['film_0', 'temple_0', 'other_0'],
    );
    assert.ok(Math.abs(scored[1]!.score - 0.478) < 1e-9);
    assert.equal(chain('film_0'), undefined, "a passage's own source is no second hop");
    assert.equal(
      scored.some((s) => s.id === 'unnamed_0'),
      false,
      'not named by the passage, not in the first search: not a candidate',
    );
    for (const s of scored) assert.ok(s.score >= 0 && s.score <= 1);
  });

  it('keeps at most three distinct, non-empty rewrites that differ from the query', () => {
    assert.deepEqual(
      rewritesOf(
        { queries: ['Who directed X?', ' who directed x? ', '', 7, 'Where was Y born', 'q', 'extra'] },
        'Q',
      ),
      ['Who directed X?', 'Where was Y born', 'extra'],
    );
    assert.deepEqual(rewritesOf({ queries: ['same query'] }, 'Same query'), []);
    assert.deepEqual(rewritesOf('not an object', 'q'), []);
    assert.deepEqual(rewritesOf({ queries: 'not a list' }, 'q'), []);
  });
});
