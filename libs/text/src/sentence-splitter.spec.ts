import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Boundary, splitSentences } from './sentence-splitter';

function units(text: string): [Boundary, string][] {
  return splitSentences(text).map((unit) => [unit.boundary, text.slice(unit.start, unit.end)]);
}

describe('splitSentences', () => {
  it('splits sentences and marks paragraphs, headings and list lines', () => {
    const text =
      'Dr. Smith met Mr. Jones. Smith et al. Showed it!\r\n\r\n# Heading\nText here.\n- one\n- two';
    assert.deepEqual(units(text), [
      [Boundary.paragraph, 'Dr. Smith met Mr. Jones.'],
      [Boundary.sentence, 'Smith et al. Showed it!'],
      [Boundary.paragraph, '# Heading'],
      [Boundary.sentence, 'Text here.'],
      [Boundary.sentence, '- one'],
      [Boundary.sentence, '- two'],
    ]);
  });

  it('splits Chinese at full stops', () => {
    assert.deepEqual(units('中文句子。第二句。'), [
      [Boundary.paragraph, '中文句子。'],
      [Boundary.sentence, '第二句。'],
    ]);
  });

  it('cuts a sentence longer than its window at a space, marking the cut as a word boundary', () => {
    const text = Array.from({ length: 1000 }, (_, i) => `w${i}`).join(' ');
    const found = splitSentences(text);
    assert.ok(found.length > 3);
    assert.deepEqual(
      found.map((unit) => unit.boundary),
      [Boundary.paragraph, ...Array<Boundary>(found.length - 1).fill(Boundary.word)],
    );
    assert.equal(found.map((unit) => text.slice(unit.start, unit.end)).join(' '), text);
  });

  it('segments a long paragraph in linear time with the same result as short ones', () => {
    const sentence = 'This sentence is one of many in a very long paragraph. ';
    const text = sentence.repeat(20_000);
    const started = Date.now();
    const found = splitSentences(text);
    assert.ok(Date.now() - started < 5_000, 'took too long');
    assert.equal(found.length, 20_000);
    assert.ok(found.every((unit) => text.slice(unit.start, unit.end) === sentence.trim()));
  });

  it('returns nothing for whitespace', () => {
    assert.deepEqual(splitSentences(' \n\n \r\n'), []);
  });
});
