import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chunkText, DEFAULT_MAX_TOKENS, DEFAULT_OVERLAP_TOKENS, packChunks, type TextChunk } from './chunker';
import { countTokens, MAX_PIECE_CHARS, pieceTable } from './token-counter';

/** Deterministic pseudo-random numbers (a linear congruential generator), so failures replay. */
function randomSource(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor((state / 2147483648) * n);
  };
}

const WORDS = [
  'the',
  'protein',
  'café',
  'naïve',
  'don’t',
  "it's",
  'E-1234',
  'v2.3',
  'user_id',
  '3.14',
  'Dr.',
];
const PIECES: ((random: (n: number) => number) => string)[] = [
  (r) => `${Array.from({ length: 3 + r(20) }, () => WORDS[r(WORDS.length)]).join(' ')}. `,
  (r) => `Is it ${WORDS[r(WORDS.length)]}? Yes! `,
  () => '\n\n',
  () => '\r\n\r\n',
  () => '\n  \t\n',
  () => '\n',
  (r) => `\n# Heading ${r(9)}\n`,
  () => '\n- list item one\n- list item two\n',
  () => '\n```ts\nconst x = compute(a, b) ?? {};\nif (x) { return x[0]; }\n```\n',
  () => '模型很好。我们测试中文句子。',
  () => 'Emoji 😀🎉 and 👩‍👩‍👧 family. ',
  (r) => `${'ab'.repeat(20 + r(200))} `,
  (r) => `${Array.from({ length: 50 + r(200) }, () => 'word').join(' ')} `,
  () => '<|endoftext|> special text. ',
  () => 'Numbers 1234567 and 3.14159, "quoted" (paren) -- dash... !!!??? ',
  () => 'Spaces   between\twords.  And   more.\u00a0Here. ',
  () => "They'll say it's O'Neil's, won't they? ",
  () => '    ',
];

function generatedText(seed: number): string {
  const random = randomSource(seed);
  let text = '';
  for (let i = 10 + random(40); i > 0; i--) text += PIECES[random(PIECES.length)](random);
  return text;
}

const OPTION_SETS = [
  {},
  { maxTokens: 64, overlapTokens: 16 },
  { maxTokens: 32, overlapTokens: 0 },
  { maxTokens: 100 },
];

/** Checks every documented guarantee of one chunkText result. */
function assertChunksValid(
  text: string,
  chunks: TextChunk[],
  maxTokens: number,
  overlapTokens: number,
): void {
  const covered = new Uint8Array(text.length);
  chunks.forEach((chunk, i) => {
    assert.equal(chunk.index, i);
    assert.equal(chunk.text, text.slice(chunk.start, chunk.end), `chunk ${i} text is not its slice`);
    assert.equal(chunk.text, chunk.text.trim(), `chunk ${i} is not trimmed`);
    assert.ok(chunk.text.length > 0);
    assert.equal(chunk.tokenCount, countTokens(chunk.text), `chunk ${i} tokenCount`);
    const unsplittable = chunk.text.length <= MAX_PIECE_CHARS && !/\s/.test(chunk.text);
    assert.ok(
      chunk.tokenCount <= maxTokens || unsplittable,
      `chunk ${i}: ${chunk.tokenCount} > ${maxTokens}`,
    );
    assert.ok(
      !/^[\udc00-\udfff]/.test(chunk.text) && !/[\ud800-\udbff]$/.test(chunk.text),
      'split surrogate pair',
    );
    covered.fill(1, chunk.start, chunk.end);
    if (i > 0) {
      const previous = chunks[i - 1];
      assert.ok(chunk.start > previous.start && chunk.end > previous.end, `chunk ${i} does not move forward`);
      if (chunk.start < previous.end) {
        const overlap = countTokens(text.slice(chunk.start, previous.end));
        assert.ok(overlap <= overlapTokens, `chunk ${i} overlaps by ${overlap} tokens > ${overlapTokens}`);
      }
    }
  });
  for (let i = 0; i < text.length; i++) {
    if (!covered[i])
      assert.match(text[i], /\s/, `character ${i} (${JSON.stringify(text[i])}) is in no chunk`);
  }
}

describe('chunkText', () => {
  it('keeps every guarantee on generated texts (offsets, bounds, overlap, coverage)', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const text = generatedText(seed);
      for (const options of OPTION_SETS) {
        const maxTokens = options.maxTokens ?? DEFAULT_MAX_TOKENS;
        const overlapTokens = options.overlapTokens ?? Math.floor(maxTokens / 4);
        assertChunksValid(text, chunkText(text, options), maxTokens, overlapTokens);
      }
    }
  });

  it('answers a text that fits in one chunk exactly as packing its sentences would', () => {
    let whole = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const random = randomSource(seed);
      // Short texts around the limits: from a few pieces to about 2 × maxTokens.
      let text = '';
      for (let i = 1 + random(8); i > 0; i--) text += PIECES[random(PIECES.length)](random);
      for (const options of OPTION_SETS) {
        const maxTokens = options.maxTokens ?? DEFAULT_MAX_TOKENS;
        const overlapTokens = options.overlapTokens ?? Math.floor(maxTokens / 4);
        const packed = packChunks(text, pieceTable(text), maxTokens, overlapTokens);
        assert.deepEqual(chunkText(text, options), packed, `seed ${seed}, maxTokens ${maxTokens}`);
        if (packed.length === 1) whole++;
      }
    }
    assert.ok(whole > 200, `only ${whole} of the texts were one chunk: the comparison saw too few`);
  });

  it('returns no chunks for empty or whitespace-only text', () => {
    assert.deepEqual(chunkText(''), []);
    assert.deepEqual(chunkText(' \n\r\n\t  \u00a0'), []);
  });

  it('returns short text as one chunk, trimmed, with its offsets', () => {
    const text = '\n  Hello world. This is short.  \n';
    assert.deepEqual(chunkText(text), [
      { index: 0, text: 'Hello world. This is short.', start: 3, end: 30, tokenCount: 7 },
    ]);
  });

  it('is deterministic', () => {
    const text = generatedText(7);
    assert.deepEqual(chunkText(text, { maxTokens: 40 }), chunkText(text, { maxTokens: 40 }));
  });

  it('starts each chunk with trailing sentences of the previous one', () => {
    const sentences = Array.from({ length: 60 }, (_, i) => `Sentence number ${i} is short.`);
    const text = sentences.join(' ');
    const chunks = chunkText(text, { maxTokens: 64, overlapTokens: 16 });
    assert.ok(chunks.length > 5);
    for (let i = 1; i < chunks.length; i++) {
      assert.ok(chunks[i].start < chunks[i - 1].end, `chunk ${i} has no overlap`);
      assert.match(chunks[i].text, /^Sentence number \d+ is short\./, 'overlap starts mid-sentence');
    }
    assertChunksValid(text, chunks, 64, 16);
  });

  it('does not overlap when overlapTokens is 0', () => {
    const text = Array.from({ length: 60 }, (_, i) => `Sentence number ${i} is short.`).join(' ');
    const chunks = chunkText(text, { maxTokens: 64, overlapTokens: 0 });
    for (let i = 1; i < chunks.length; i++) assert.ok(chunks[i].start > chunks[i - 1].end);
  });

  for (const [name, breakText] of [
    ['blank lines', '\n\n'],
    ['CRLF blank lines', '\r\n\r\n'],
  ]) {
    it(`ends chunks at paragraph breaks (${name}) rather than filling them`, () => {
      // Paragraphs of ~40 tokens, chunks of 100: two paragraphs fit, and a greedy packer would
      // add the third paragraph's first sentences; the chunker stops at the paragraph instead.
      const paragraph = (p: number) =>
        Array.from({ length: 4 }, (_, s) => `Paragraph ${p} has sentence ${s} in it.`).join(' ');
      const text = Array.from({ length: 12 }, (_, p) => paragraph(p)).join(breakText);
      const chunks = chunkText(text, { maxTokens: 100, overlapTokens: 0 });
      assert.ok(chunks.length >= 6);
      for (const chunk of chunks) {
        assert.match(chunk.text, /^Paragraph \d+ has sentence 0 in it\./);
        assert.match(chunk.text, /has sentence 3 in it\.$/);
      }
      assertChunksValid(text, chunks, 100, 0);
    });
  }

  it('ends chunks at sentence ends within a long paragraph', () => {
    const text = Array.from({ length: 80 }, (_, i) => `This is sentence ${i}, and it has a few words.`).join(
      ' ',
    );
    const chunks = chunkText(text, { maxTokens: 50, overlapTokens: 10 });
    for (const chunk of chunks) assert.match(chunk.text, /^This is sentence \d+,.*\.$/s);
  });

  it('starts a new chunk at a Markdown heading when one fits', () => {
    const section = (n: number) =>
      `## Section ${n}\n${Array.from({ length: 3 }, (_, s) => `Fact ${s} of section ${n} is stated here.`).join(' ')}`;
    const text = `# Title\n${Array.from({ length: 8 }, (_, n) => section(n)).join('\n')}`;
    const chunks = chunkText(text, { maxTokens: 60, overlapTokens: 0 });
    for (const chunk of chunks.slice(1)) assert.match(chunk.text, /^## Section \d+\n/);
    assertChunksValid(text, chunks, 60, 0);
  });

  it('splits a sentence longer than maxTokens at word starts, overlapping by tokens', () => {
    const text = Array.from({ length: 3000 }, (_, i) => `word${i % 7 === 0 ? 'y' : ''}`).join(' ');
    const chunks = chunkText(text, { maxTokens: 64, overlapTokens: 8 });
    assert.ok(chunks.length > 20);
    for (let i = 1; i < chunks.length; i++) {
      assert.match(text[chunks[i].start - 1], /\s/, `chunk ${i} starts mid-word`);
      assert.ok(chunks[i].start < chunks[i - 1].end, `chunk ${i} has no overlap`);
    }
    assertChunksValid(text, chunks, 64, 8);
  });

  it('splits text that is one huge word, in linear time', () => {
    const text = 'abcdefghij'.repeat(20_000);
    const started = Date.now();
    const chunks = chunkText(text, { maxTokens: 128, overlapTokens: 0 });
    assert.ok(Date.now() - started < 10_000, 'took too long');
    assert.equal(chunks.map((c) => c.text).join(''), text);
    assertChunksValid(text, chunks, 128, 0);
  });

  it('handles a long text with no punctuation or line breaks', () => {
    const random = randomSource(3);
    const text = Array.from({ length: 40_000 }, () => WORDS[random(3)]).join(' ');
    const chunks = chunkText(text);
    assertChunksValid(text, chunks, DEFAULT_MAX_TOKENS, DEFAULT_OVERLAP_TOKENS);
  });

  it('keeps emoji, CJK and accented text intact', () => {
    const text = `${'Café naïve résumé 😀👩‍👩‍👧. '.repeat(40)}${'中文句子测试。'.repeat(60)}`;
    const chunks = chunkText(text, { maxTokens: 30, overlapTokens: 5 });
    assert.ok(chunks.length > 5);
    assertChunksValid(text, chunks, 30, 5);
  });

  it('rejects invalid options with a message naming the option', () => {
    for (const maxTokens of [0, -5, 1.5, Number.NaN, Infinity, '10' as unknown as number]) {
      assert.throws(() => chunkText('text', { maxTokens }), { name: 'RangeError', message: /maxTokens/ });
    }
    for (const overlapTokens of [-1, 2.5, 64, 100]) {
      assert.throws(() => chunkText('text', { maxTokens: 64, overlapTokens }), {
        name: 'RangeError',
        message: /overlapTokens/,
      });
    }
    assert.doesNotThrow(() => chunkText('text', { maxTokens: 1, overlapTokens: 0 }));
    assert.doesNotThrow(() => chunkText('text', { maxTokens: 10 }), 'default overlap scales with maxTokens');
  });
});
