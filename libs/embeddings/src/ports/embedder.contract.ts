import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Embedder } from './embedder';
import { dot } from '../vectors';

/** One adapter set up for the contract, with what the contract needs to know about it. */
export interface EmbedderSubject {
  embedder: Embedder;
  /**
   * Opens another instance of the same model and variant: vectors must not depend on the
   * instance (an instance's cache, a model process) or on the traffic it has seen.
   */
  reopen(): Promise<Embedder>;
  /**
   * Words the model knows, from which the contract builds its texts (default: everyday English
   * words). A test model with a tiny vocabulary gives its own.
   */
  words?: readonly string[];
  /** Two texts close in meaning, then an unrelated one, in the model's vocabulary. */
  related?: readonly [string, string, string];
  /** Releases what the subject holds besides its embedders (a server, a directory). */
  dispose?(): Promise<void>;
}

const ENGLISH = [
  'harbour',
  'lighthouse',
  'keeper',
  'storm',
  'ledger',
  'budget',
  'committee',
  'garden',
  'violin',
  'glacier',
  'volcano',
  'library',
  'engine',
  'orchard',
  'bakery',
  'telescope',
  'river',
  'market',
  'winter',
  'museum',
  'tractor',
  'island',
  'compass',
  'festival',
];

const RELATED = [
  'The cat sat on the mat.',
  'A cat was sitting on the mat.',
  'Quarterly revenue rose by four percent.',
] as const;

/** Norms are computed in float32: allow its rounding over a few hundred components. */
const NORM_TOLERANCE = 1e-4;
/** Two vectors of the same text from the same model agree to this, component by component. */
const SAME_TOLERANCE = 1e-5;

const norm = (v: Float32Array): number => Math.sqrt(dot(v, v));

function assertFiniteUnit(vector: Float32Array | undefined, dimension: number, what: string): void {
  assert.ok(vector instanceof Float32Array, `${what}: not a Float32Array`);
  assert.equal(vector.length, dimension, `${what}: ${vector.length} components`);
  assert.ok(
    vector.every((x) => Number.isFinite(x)),
    `${what}: a component is not finite`,
  );
  assert.ok(Math.abs(norm(vector) - 1) < NORM_TOLERANCE, `${what}: length ${norm(vector)}`);
}

function assertSame(
  actual: Float32Array | undefined,
  expected: Float32Array | undefined,
  what: string,
): void {
  assert.ok(actual && expected, `${what}: missing`);
  assert.equal(actual.length, expected.length, `${what}: lengths differ`);
  let worst = 0;
  for (let i = 0; i < actual.length; i++) worst = Math.max(worst, Math.abs(actual[i]! - expected[i]!));
  assert.ok(worst <= SAME_TOLERANCE, `${what}: components differ by up to ${worst}`);
}

function maxDifference(a: Float32Array, b: Float32Array): number {
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
  return worst;
}

/** What the contract knows of an adapter before opening it. */
export interface EmbedderContractOptions {
  /** Why the adapter cannot run here (its model files are absent): the suite is skipped. */
  skip?: string;
  /** The model embeds a query otherwise than a passage (a query prefix). */
  asymmetric?: boolean;
  /** Texts the model finds nothing in, which it documents as giving the zero vector. */
  nothingIn?: readonly string[];
}

/**
 * The behaviour every Embedder adapter has (embedder.ts): its declared dimension,
 * L2-normalised finite vectors, the same vector for the same text whatever the batch, the call,
 * the instance or the traffic, any number of texts in input order, empty, blank and very long
 * texts, queries against passages, word weights, and close(). Run against every adapter.
 */
export function describeEmbedder(
  name: string,
  open: () => Promise<EmbedderSubject>,
  options: EmbedderContractOptions = {},
): void {
  describe(`Embedder contract: ${name}`, { skip: options.skip }, () => {
    let subject: EmbedderSubject;
    let embedder: Embedder;
    let second: Embedder;
    let words: readonly string[];

    /**
     * Text number `i`: three different words of the subject's, chosen by `i`, so that the first
     * few hundred texts are different and each has several words to weigh.
     */
    const textFor = (i: number): string => {
      const n = words.length;
      const [a, q] = [i % n, Math.floor(i / n)];
      return [words[a], words[(a + 1 + q) % n], words[(a + 3 + 2 * q) % n]].join(' ');
    };
    const texts = (count: number): string[] => Array.from({ length: count }, (_, i) => textFor(i));

    before(async () => {
      subject = await open();
      embedder = subject.embedder;
      second = await subject.reopen();
      words = subject.words ?? ENGLISH;
    });

    after(async () => {
      await second?.close();
      await embedder?.close();
      await subject?.dispose?.();
    });

    it('declares a model id, a positive dimension and a positive batch size', () => {
      assert.equal(typeof embedder.modelId, 'string');
      assert.ok(embedder.modelId.length > 0);
      for (const [what, value] of [
        ['dimension', embedder.dimension],
        ['maxBatchSize', embedder.maxBatchSize],
      ] as const) {
        assert.ok(Number.isInteger(value) && value > 0, `${what} ${value}`);
      }
      assert.equal(second.modelId, embedder.modelId);
      assert.equal(second.dimension, embedder.dimension);
    });

    it('returns nothing for no texts', async () => {
      assert.deepEqual(await embedder.embedDocuments([]), []);
    });

    it('returns one L2-normalised vector of the declared dimension per text, every component finite', async () => {
      const sample = [...texts(5), ...(subject.related ?? RELATED)];
      const vectors = await embedder.embedDocuments(sample);
      assert.equal(vectors.length, sample.length);
      vectors.forEach((vector, i) => assertFiniteUnit(vector, embedder.dimension, sample[i]!));
    });

    it('gives the same text the same vector, within a call and across calls', async () => {
      const text = textFor(1);
      const [a, b] = await embedder.embedDocuments([text, text]);
      const [c] = await embedder.embedDocuments([text]);
      assertSame(a, b, 'twice in one call');
      assertSame(a, c, 'in another call');
    });

    it('gives the same vectors from another instance of the model', async () => {
      const sample = texts(6);
      const [first, other] = await Promise.all([
        embedder.embedDocuments(sample),
        second.embedDocuments(sample),
      ]);
      sample.forEach((text, i) => assertSame(other[i], first[i], text));
    });

    it('gives different texts different vectors', async () => {
      const sample = texts(4);
      const vectors = await embedder.embedDocuments(sample);
      for (let i = 0; i < vectors.length; i++) {
        for (let j = i + 1; j < vectors.length; j++) {
          assert.ok(maxDifference(vectors[i]!, vectors[j]!) > 1e-3, `"${sample[i]}" and "${sample[j]}"`);
        }
      }
    });

    it('embeds more texts than one batch holds, in input order, each as it embeds alone', async () => {
      const sample = texts(Math.min(2 * embedder.maxBatchSize + 1, 600));
      const batch = await embedder.embedDocuments(sample);
      assert.equal(batch.length, sample.length);
      // One by one on the other instance, whose cache has not seen these texts.
      for (const [i, text] of sample.entries()) {
        const [alone] = await second.embedDocuments([text]);
        assertSame(batch[i], alone, `text ${i}, "${text}"`);
      }
    });

    it('answers concurrent calls each with its own vectors', async () => {
      const calls = [texts(9).slice(0, 3), texts(9).slice(3, 6), texts(9).slice(6)];
      const together = await Promise.all(calls.map((call) => embedder.embedDocuments(call)));
      for (const [c, call] of calls.entries()) {
        const apart = await second.embedDocuments(call);
        call.forEach((text, i) => assertSame(together[c]![i], apart[i], text));
      }
    });

    it('scores a text closer to one near it in meaning than to an unrelated one', async () => {
      const [text, near, unrelated] = subject.related ?? RELATED;
      const [a, b, c] = await embedder.embedDocuments([text, near, unrelated]);
      assert.ok(dot(a!, b!) > dot(a!, c!), `near ${dot(a!, b!)}, unrelated ${dot(a!, c!)}`);
    });

    it('embeds an empty or blank text without failing: the zero vector or a unit one', async () => {
      const blank = ['', ' ', '\n\t  \n'];
      const vectors = await embedder.embedDocuments(blank);
      assert.equal(vectors.length, blank.length);
      vectors.forEach((vector, i) => {
        assert.ok(vector instanceof Float32Array && vector.length === embedder.dimension, `text ${i}`);
        assert.ok(
          vector.every((x) => Number.isFinite(x)),
          `text ${i}: a component is not finite`,
        );
        const length = norm(vector);
        assert.ok(length === 0 || Math.abs(length - 1) < NORM_TOLERANCE, `text ${i}: length ${length}`);
      });
    });

    if (options.nothingIn?.length) {
      const nothing = options.nothingIn;
      it('gives the zero vector, which scores 0 against everything, for a text it finds nothing in', async () => {
        const [reference] = await embedder.embedDocuments([textFor(0)]);
        const vectors = await embedder.embedDocuments([...nothing]);
        vectors.forEach((vector, i) => {
          assert.equal(vector!.length, embedder.dimension);
          assert.ok(
            vector!.every((x) => x === 0),
            `"${nothing[i]}" is not the zero vector`,
          );
          assert.equal(dot(vector!, reference!), 0);
        });
      });
    }

    it('embeds a very long text (over 50,000 characters) into one unit vector, the same each time', async () => {
      const sentence = `${texts(12).join(', ')}. `;
      const long = sentence.repeat(Math.ceil(50_000 / sentence.length));
      assert.ok(long.length > 50_000);
      const [vector] = await embedder.embedDocuments([long]);
      assertFiniteUnit(vector, embedder.dimension, 'the long text');
      const [again] = await second.embedDocuments([long]);
      assertSame(again, vector, 'the long text on another instance');
    });

    if (options.asymmetric) {
      it('embeds a query apart from the same text as a passage, yet nearest its own passage', async () => {
        const [text, , unrelated] = subject.related ?? RELATED;
        const query = await embedder.embedQuery(text);
        assertFiniteUnit(query, embedder.dimension, 'the query');
        assertSame(await second.embedQuery(text), query, 'the query on another instance');
        const [passage, other] = await embedder.embedDocuments([text, unrelated]);
        assert.ok(maxDifference(query, passage!) > 1e-3, 'the query and the passage embed alike');
        assert.ok(
          dot(query, passage!) > dot(query, other!),
          `own passage ${dot(query, passage!)}, unrelated ${dot(query, other!)}`,
        );
      });
    } else {
      it('embeds a query as it embeds the same text as a document', async () => {
        const [text] = subject.related ?? RELATED;
        const query = await embedder.embedQuery(text);
        assertFiniteUnit(query, embedder.dimension, 'the query');
        assertSame(await second.embedQuery(text), query, 'the query on another instance');
        const [passage] = await embedder.embedDocuments([text]);
        assertSame(query, passage, 'the query against the document');
      });
    }

    it('honours word weights if it weighs words, and otherwise embeds weighted texts as documents', async () => {
      const sample = texts(3);
      const plain = await embedder.embedDocuments(sample);
      if (!embedder.weighsWords) {
        assert.deepEqual(embedder.wordsOf(sample[0]!), []);
        const weighted = await embedder.embedWeighted(sample, new Map([[words[0]!, 5]]));
        sample.forEach((text, i) => assertSame(weighted[i], plain[i], text));
        return;
      }
      const known = embedder.wordsOf(sample[0]!);
      assert.ok(known.length > 0, `no words in "${sample[0]}"`);
      assert.equal(new Set(known).size, known.length, `repeated words: ${known.join(', ')}`);
      // Every weight missing counts as 1: the plain embedding, up to rounding.
      const unweighted = await embedder.embedWeighted(sample, new Map());
      sample.forEach((text, i) => assertSame(unweighted[i], plain[i], text));
      // A heavy word pulls the text towards it, and the vectors stay unit and in order.
      const [heavy] = known;
      const weighted = await embedder.embedWeighted(sample, new Map([[heavy!, 8]]));
      assert.equal(weighted.length, sample.length);
      weighted.forEach((vector, i) => assertFiniteUnit(vector, embedder.dimension, sample[i]!));
      const [alone] = await embedder.embedDocuments([heavy!]);
      assert.ok(
        dot(weighted[0]!, alone!) > dot(plain[0]!, alone!),
        `weighted ${dot(weighted[0]!, alone!)}, plain ${dot(plain[0]!, alone!)}`,
      );
    });

    it('gives measured relevance figures in range, when it has them', () => {
      if (embedder.relatedCosine !== undefined) {
        assert.ok(embedder.relatedCosine > -1 && embedder.relatedCosine < 1, `${embedder.relatedCosine}`);
      }
      const calibration = embedder.cosineCalibration;
      if (calibration !== undefined) {
        assert.ok(calibration.mid > -1 && calibration.mid < 1, `mid ${calibration.mid}`);
        assert.ok(calibration.scale > 0, `scale ${calibration.scale}`);
      }
    });

    it('closes, and closing again is harmless', async () => {
      await second.close();
      await second.close();
      // The first instance still works when another one of the same model is closed.
      assertFiniteUnit((await embedder.embedDocuments([textFor(2)]))[0], embedder.dimension, 'after');
    });
  });
}
