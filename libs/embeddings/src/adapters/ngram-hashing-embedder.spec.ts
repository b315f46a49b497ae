import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeEmbedder } from '../ports/embedder.contract';
import { dot } from '../vectors';
import { DEFAULT_NGRAM_HASHING_OPTIONS, NgramHashingEmbedder } from './ngram-hashing-embedder';

const norm = (v: Float32Array): number => Math.sqrt(dot(v, v));

describe('NgramHashingEmbedder', () => {
  const embedder = new NgramHashingEmbedder();

  it('returns unit vectors of its dimension, the same for the same text', async () => {
    const [a, b] = await embedder.embedDocuments([
      'Aspirin lowers the risk of stroke.',
      'Aspirin lowers the risk of stroke.',
    ]);
    assert.equal(a!.length, 1024);
    assert.ok(Math.abs(norm(a!) - 1) < 1e-5);
    assert.deepEqual(a, b);
    assert.deepEqual(await embedder.embedQuery('Aspirin lowers the risk of stroke.'), a);
  });

  it('names its variant in the model id, so a different variant has a different id', () => {
    assert.equal(embedder.modelId, 'trove-ngram-hash-v1-char3to4-word1to1x0.5-logtf-stop-1024');
    assert.equal(new NgramHashingEmbedder().modelId, embedder.modelId);
    const others = [
      { dimension: 2048 },
      { charNgrams: [3, 5] as const },
      { wordNgrams: 2 as const },
      { wordWeight: 1 },
      { sublinearTf: false },
      { signed: true },
      { dropStopwords: false },
    ].map((o) => new NgramHashingEmbedder(o).modelId);
    assert.equal(new Set([embedder.modelId, ...others]).size, others.length + 1);
  });

  it('folds case and accents', async () => {
    const [a, b] = await embedder.embedDocuments(['Café CRÈME naïve', 'cafe creme naive']);
    assert.deepEqual(a, b);
  });

  it('scores a spelling variant and a shared stem above an unrelated text', async () => {
    const [query, variant, unrelated] = await embedder.embedDocuments([
      'tumour suppressor genes',
      'tumor suppression by a gene',
      'interest rates and inflation',
    ]);
    assert.ok(dot(query!, variant!) > 0.3, `variant ${dot(query!, variant!)}`);
    assert.ok(dot(query!, variant!) > 3 * dot(query!, unrelated!));
  });

  it('gives the zero vector for a text with nothing but stopwords and punctuation', async () => {
    const [v] = await embedder.embedDocuments(['the of and, to it!']);
    assert.equal(norm(v!), 0);
  });

  it('embeds any number of texts, in batches of maxBatchSize, in order', async () => {
    const small = new NgramHashingEmbedder({ maxBatchSize: 3 });
    const texts = Array.from({ length: 10 }, (_, i) => `document number ${i} about topic ${i * 7}`);
    const vectors = await small.embedDocuments(texts);
    assert.equal(vectors.length, 10);
    for (let i = 0; i < texts.length; i++) assert.deepEqual(vectors[i], small.embedText(texts[i]!));
    assert.notDeepEqual(vectors[0], vectors[1]);
  });

  it('lists the distinct words it weighs, folded, without its stop words', () => {
    assert.equal(embedder.weighsWords, true);
    assert.deepEqual(embedder.wordsOf('The Café and the cafe: CAFÉ rules, 2024!'), ['cafe', 'rules', '2024']);
  });

  it('embeds with every weight 1 as it embeds documents, for every variant', async () => {
    const text = 'Vitamin D supplementation and vitamin D receptor expression in human macrophages';
    for (const options of [{}, { wordNgrams: 2 as const }, { signed: true }, { sublinearTf: false }]) {
      const variant = new NgramHashingEmbedder(options);
      const ones = new Map(variant.wordsOf(text).map((word) => [word, 1]));
      const [weighted] = await variant.embedWeighted([text], ones);
      const plain = variant.embedText(text);
      for (let i = 0; i < plain.length; i++)
        assert.ok(Math.abs(weighted![i]! - plain[i]!) < 1e-6, `component ${i}`);
    }
  });

  it('lets a heavy word lead the query: the text that holds it gains on the one that does not', async () => {
    const [rare, common] = await embedder.embedDocuments([
      'patients with zirconium implants',
      'patients in hospital wards',
    ]);
    const query = 'zirconium patients';
    const [plain] = await embedder.embedWeighted([query], new Map());
    const [weighted] = await embedder.embedWeighted(
      [query],
      new Map([
        ['zirconium', 8],
        ['patients', 0.5],
      ]),
    );
    const gap = (q: Float32Array) => dot(q, rare!) - dot(q, common!);
    assert.ok(gap(weighted!) > gap(plain!) + 0.1, `plain gap ${gap(plain!)}, weighted ${gap(weighted!)}`);
    assert.ok(Math.abs(norm(weighted!) - 1) < 1e-5);
  });

  it('signed hashing produces negative components; unsigned does not', () => {
    const text = 'randomised controlled trial of vitamin D supplementation';
    assert.ok(new NgramHashingEmbedder({ signed: true }).embedText(text).some((x) => x < 0));
    assert.ok(new NgramHashingEmbedder({ signed: false }).embedText(text).every((x) => x >= 0));
  });

  it('refuses a dimension that is not a power of two and empty feature sets', () => {
    assert.throws(() => new NgramHashingEmbedder({ dimension: 1000 }), /power of two/);
    assert.throws(() => new NgramHashingEmbedder({ charNgrams: [0, 0], wordNgrams: 0 }), /at least one/);
    assert.throws(() => new NgramHashingEmbedder({ charNgrams: [4, 3] }), /charNgrams/);
  });

  it('embeds over 1,000 chunks of ~1 KB per second even on a busy machine (the bench checks 2,000)', () => {
    const words = 'the expression of cytokine receptors in human macrophages was measured after infection';
    const chunk = Array.from({ length: 12 }, (_, i) => `${words} ${i}`)
      .join(' ')
      .slice(0, 1000);
    const count = 400;
    const started = performance.now();
    for (let i = 0; i < count; i++) embedder.embedText(`${chunk} ${i}`);
    const perSecond = count / ((performance.now() - started) / 1000);
    // Generous floor (the bench measures ~5,000/s); a shared CI machine must not make it flaky.
    assert.ok(perSecond > 1000, `${Math.round(perSecond)} chunks/s`);
  });

  it('the default options are the measured default', () => {
    assert.deepEqual(new NgramHashingEmbedder().options, DEFAULT_NGRAM_HASHING_OPTIONS);
  });
});

describeEmbedder(
  'NgramHashingEmbedder, default variant',
  async () => ({ embedder: new NgramHashingEmbedder(), reopen: async () => new NgramHashingEmbedder() }),
  { nothingIn: ['', '   ', 'the of and, to it!'] },
);

const VARIANT = {
  dimension: 256,
  charNgrams: [2, 5] as const,
  wordNgrams: 2 as const,
  wordWeight: 1,
  sublinearTf: false,
  signed: true,
  dropStopwords: false,
  maxBatchSize: 7,
};
describeEmbedder(
  'NgramHashingEmbedder, 256-d signed variant with word bigrams and small batches',
  async () => ({
    embedder: new NgramHashingEmbedder(VARIANT),
    reopen: async () => new NgramHashingEmbedder(VARIANT),
  }),
  { nothingIn: ['', '  \n'] },
);
