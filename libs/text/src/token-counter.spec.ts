import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Tiktoken, TiktokenBPE } from 'js-tiktoken/lite' with { 'resolution-mode': 'import' };
import { countRange, countTokens, pieceTable } from './token-counter';

// The reference: js-tiktoken's own encoder (required for the reason given in token-counter.ts).
const { Tiktoken: Encoder } = require('js-tiktoken/lite') as { Tiktoken: typeof Tiktoken };
const reference = new Encoder(require('js-tiktoken/ranks/cl100k_base') as TiktokenBPE);

const SAMPLES = [
  'hello world',
  'The quick brown fox jumps over the lazy dog.\n\nAnd then, it slept!',
  "They'll say it's O'Neil's — won't they?\r\n",
  'Café naïve résumé 😀 👩‍👩‍👧 中文句子。日本語のテキスト',
  'function f(a, b) {\n    return a ?? b;\n}\n\n\n   trailing   ',
  'Numbers 1234567 3.14159 and 2024-01-05T10:00:00Z',
  'text with <|endoftext|> inside',
];

describe('countTokens', () => {
  it('equals js-tiktoken cl100k_base on ordinary text', () => {
    for (const sample of SAMPLES) {
      assert.equal(countTokens(sample), reference.encode(sample, [], []).length, JSON.stringify(sample));
    }
    assert.equal(countTokens('hello world'), 2);
    assert.equal(countTokens(''), 0);
  });

  it('treats special-token text as plain text instead of throwing', () => {
    assert.ok(countTokens('<|endoftext|>') > 1);
  });

  it('counts a run without spaces in linear time', () => {
    const started = Date.now();
    const count = countTokens('x'.repeat(200_000));
    assert.ok(count > 0 && count < 200_000);
    assert.ok(Date.now() - started < 5_000, 'took too long');
  });
});

describe('countRange', () => {
  it('equals countTokens of the slice for every range between non-space characters', () => {
    for (const sample of SAMPLES) {
      const table = pieceTable(sample);
      for (let start = 0; start < sample.length; start++) {
        if (/\s/.test(sample[start])) continue;
        for (let end = start + 1; end <= sample.length; end++) {
          if (/\s/.test(sample[end - 1]) || /[\udc00-\udfff]/.test(sample[start])) continue;
          const expected = countTokens(sample.slice(start, end));
          assert.equal(
            countRange(sample, table, start, end),
            expected,
            JSON.stringify(sample.slice(start, end)),
          );
        }
      }
    }
  });
});
