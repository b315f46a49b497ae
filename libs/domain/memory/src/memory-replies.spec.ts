import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { asksSomething, liftReplies } from './memory-replies';
import { memory } from './ports/memory-store.contract';

const turn = (memory_id: string, user_name: string | null, content: string) =>
  memory({ memory_id, user_name, content, raw_text: content });
const byId = (...turns: ReturnType<typeof turn>[]) => new Map(turns.map((t) => [t.memory_id, t]));

describe('liftReplies', () => {
  const question = turn('q', 'Mel', 'What did the book teach you?');
  const reply = turn('a', 'Caro', 'It taught me self-acceptance.');

  it('adds the reply a question was answered with, at weight × the question’s score', () => {
    const { scores, replies } = liftReplies(
      new Map([['q', 0.8]]),
      byId(question),
      new Map([['q', [reply]]]),
      0.5,
    );
    assert.deepEqual(
      [...scores],
      [
        ['q', 0.8],
        ['a', 0.4],
      ],
    );
    assert.deepEqual(
      replies.map((r) => r.memory_id),
      ['a'],
    );
  });

  it('lifts a reply found on its own, and never past 1', () => {
    const found = new Map([
      ['q', 0.8],
      ['a', 0.5],
    ]);
    const after = new Map([['q', [reply]]]);
    assert.equal(liftReplies(found, byId(question, reply), after, 0.5).scores.get('a'), 1 - 0.5 * 0.6);
    const top = new Map([
      ['q', 1],
      ['a', 1],
    ]);
    assert.equal(liftReplies(top, byId(question, reply), after, 1).scores.get('a'), 1);
  });

  it('lifts the answer to a follow-up question about a statement, by the statement’s score', () => {
    const statement = turn('s', 'Jo', 'I finished my first screenplay!');
    const followUp = turn('f', 'Nate', 'Wow! What genre is it?');
    const answer = turn('g', 'Jo', 'A mix of drama and romance.');
    const { scores } = liftReplies(
      new Map([['s', 0.6]]),
      byId(statement),
      new Map([['s', [followUp, answer]]]),
      0.5,
    );
    assert.equal(scores.get('g'), 1 - (1 - 0) * (1 - 0.5 * 0.6));
    assert.equal(scores.has('f'), false);
    // Not when the third is someone else's, nor when the second asks nothing.
    for (const thread of [
      [followUp, turn('g', 'Ann', 'Drama, I think.')],
      [turn('f', 'Nate', 'Wow, congratulations.'), answer],
    ])
      assert.deepEqual(
        [...liftReplies(new Map([['s', 0.6]]), byId(statement), new Map([['s', thread]]), 0.5).scores],
        [['s', 0.6]],
      );
  });

  it('takes no reply from the same speaker, an unnamed one, or at weight 0', () => {
    const scores = new Map([['q', 0.8]]);
    for (const other of [turn('a', 'Mel', 'Also, I moved.'), turn('a', null, 'I moved.')])
      assert.deepEqual(
        [...liftReplies(scores, byId(question), new Map([['q', [other]]]), 0.5).scores],
        [['q', 0.8]],
      );
    assert.deepEqual(
      [...liftReplies(scores, byId(question), new Map([['q', [reply]]]), 0).scores],
      [['q', 0.8]],
    );
    assert.deepEqual(liftReplies(scores, byId(question), new Map(), 0.5).replies, []);
  });

  it('asks only where a named speaker wrote a question mark', () => {
    assert.equal(asksSomething(question), true);
    assert.equal(asksSomething(turn('x', null, 'Why is the sky blue?')), false);
    assert.equal(asksSomething(turn('x', 'Mel', 'The sky is blue.')), false);
  });
});
