import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { asksSomething, liftReplies } from './memory-replies';
import { memory } from './ports/memory-store.contract';

const turn = (memory_id: string, user_name: string | null, content: string) =>
  memory({ memory_id, user_name, content, raw_text: content });

describe('liftReplies', () => {
  const question = turn('q', 'Mel', 'What did the book teach you?');
  const reply = turn('a', 'Caro', 'It taught me self-acceptance.');

  it('adds the reply a question was answered with, at weight × the question’s score', () => {
    const { scores, replies } = liftReplies(new Map([['q', 0.8]]), [question], new Map([['q', reply]]), 0.5);
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
    const { scores } = liftReplies(
      new Map([
        ['q', 0.8],
        ['a', 0.5],
      ]),
      [question],
      new Map([['q', reply]]),
      0.5,
    );
    assert.equal(scores.get('a'), 1 - 0.5 * 0.6);
    const top = liftReplies(
      new Map([
        ['q', 1],
        ['a', 1],
      ]),
      [question],
      new Map([['q', reply]]),
      1,
    );
    assert.equal(top.scores.get('a'), 1);
  });

  it('takes no reply from the same speaker, an unnamed one, or at weight 0', () => {
    const next = (r: ReturnType<typeof turn>) => new Map([['q', r]]);
    const scores = new Map([['q', 0.8]]);
    for (const other of [turn('a', 'Mel', 'Also, I moved.'), turn('a', null, 'I moved.')])
      assert.deepEqual([...liftReplies(scores, [question], next(other), 0.5).scores], [['q', 0.8]]);
    assert.deepEqual([...liftReplies(scores, [question], next(reply), 0).scores], [['q', 0.8]]);
    assert.deepEqual(liftReplies(scores, [question], new Map(), 0.5).replies, []);
  });

  it('asks only where a named speaker wrote a question mark', () => {
    assert.equal(asksSomething(question), true);
    assert.equal(asksSomething(turn('x', null, 'Why is the sky blue?')), false);
    assert.equal(asksSomething(turn('x', 'Mel', 'The sky is blue.')), false);
  });
});
