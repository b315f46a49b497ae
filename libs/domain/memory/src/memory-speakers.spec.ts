import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { liftNamedSpeakers, namesSpeaker } from './memory-speakers';

const said = (entries: [string, string | null][]) =>
  new Map(entries.map(([memory_id, user_name]) => [memory_id, { memory_id, user_name }]));

describe('liftNamedSpeakers', () => {
  const memories = said([
    ['c1', 'Caroline'],
    ['m1', 'Melanie'],
    ['n1', null],
  ]);
  const scores = new Map([
    ['c1', 0.5],
    ['m1', 0.6],
    ['n1', 0.7],
  ]);

  it('lifts what a speaker the query names said, by 1 − (1 − score)(1 − weight)', () => {
    const lifted = liftNamedSpeakers(scores, memories, "What did caroline's book teach her?", 0.2);
    assert.equal(lifted.get('c1'), 1 - 0.5 * 0.8);
    assert.equal(lifted.get('m1'), 0.6);
    assert.equal(lifted.get('n1'), 0.7);
  });

  it('changes nothing when the query names no speaker, every speaker, or only one speaker spoke', () => {
    for (const query of ['What book was it?', 'What do Caroline and Melanie both like?'])
      assert.deepEqual(liftNamedSpeakers(scores, memories, query, 0.2), scores);
    const one = new Map([['c1', 0.5]]);
    assert.deepEqual(liftNamedSpeakers(one, memories, 'What did Caroline read?', 0.2), one);
    assert.deepEqual(liftNamedSpeakers(scores, memories, 'What did Caroline read?', 0), scores);
  });

  it('matches a whole name as words, in any case, with any characters in it', () => {
    assert.equal(namesSpeaker('what did ANN say?', 'Ann'), true);
    assert.equal(namesSpeaker('what did Anna say?', 'Ann'), false);
    assert.equal(namesSpeaker('Where does José Ángel live?', 'josé ángel'), true);
    assert.equal(namesSpeaker('what did a.b say', 'a.b'), true);
    assert.equal(namesSpeaker('what did axb say', 'a.b'), false);
    assert.equal(namesSpeaker('anything', '  '), false);
  });
});
