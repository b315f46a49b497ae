import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Embedder } from '@trove/embeddings';
import { ChunkFacts } from '../../ports/graph-store';
import {
  LearnedRelations,
  PAIR_FEATURES,
  PairCandidate,
  PairReader,
  PairReading,
  RelationClassifier,
  RelationModel,
} from './learned-relations';
import { OfflineExtractor } from './offline-extractor';
import { RELATION_MODEL } from './relation-model.data';

const reference = new Date('2026-03-12T10:00:00Z');

/** A reader that keeps what it was given and answers with `answer`. */
class Recorder implements PairReader {
  seen: PairCandidate[] = [];
  constructor(
    private readonly answer: (c: PairCandidate) => PairReading | undefined = () => undefined,
    readonly readsRelated = false,
  ) {}
  async read(candidates: PairCandidate[]): Promise<(PairReading | undefined)[]> {
    this.seen.push(...candidates);
    return candidates.map(this.answer);
  }
}

async function facts(extractor: OfflineExtractor, text: string): Promise<ChunkFacts> {
  const { chunks } = await extractor.extract({
    chunks: [{ chunk_id: 'c', text }],
    reference_time: reference,
  });
  return chunks[0]!;
}

function triples(chunk: ChunkFacts): string[][] {
  return chunk.relations.map((r) => [
    chunk.entities[r.source]!.name,
    r.canonical_predicate,
    chunk.entities[r.target]!.name,
  ]);
}

const PARTNER = 'Priya Raman lives in Dublin with the novelist Cian Brady.';

/** A stand-in for the model: one vector per text, counted. */
function fakeEmbedder(modelId = RELATION_MODEL.embedder, dimension = RELATION_MODEL.dimension) {
  const calls: string[][] = [];
  const embedder = {
    modelId,
    dimension,
    fallback: undefined,
    async embedDocuments(texts: string[]) {
      calls.push(texts);
      return texts.map(() => {
        const v = new Float32Array(dimension);
        v[0] = 1;
        return v;
      });
    },
  } as unknown as Embedder;
  return { embedder, calls };
}

describe('learned relations: the pairs the rules leave', () => {
  it('gives the reader the pairs the rules related in no way, masked by their types', async () => {
    const reader = new Recorder();
    const chunk = await facts(new OfflineExtractor({ pairReader: reader }), PARTNER);
    // The rules read where she lives; the partner is left to the reader.
    assert.deepEqual(triples(chunk), [['Priya Raman', 'lives in', 'Dublin']]);
    const pairs = reader.seen.map((c) => [c.first.name, c.second.name]);
    assert.deepEqual(pairs, [
      ['Dublin', 'Cian Brady'],
      ['Priya Raman', 'Cian Brady'],
    ]);
    const partner = reader.seen.find((c) => c.first.name === 'Priya Raman')!;
    assert.equal(partner.text, 'person lives in place with the novelist person');
    assert.equal(partner.raw, 'lives in Dublin with the novelist');
    assert.equal(partner.features.length, PAIR_FEATURES);
    assert.equal(partner.related, false);
  });

  it('also gives the related pairs to a reader that asks for them (training data)', async () => {
    const reader = new Recorder(() => undefined, true);
    await facts(new OfflineExtractor({ pairReader: reader }), PARTNER);
    const related = reader.seen.filter((c) => c.related).map((c) => [c.first.name, c.second.name]);
    assert.deepEqual(related, [['Priya Raman', 'Dublin']]);
  });

  it('adds what the reader reads, in its direction, below the rules in confidence', async () => {
    const reader = new Recorder((c) =>
      c.first.name === 'Priya Raman'
        ? { canonical: 'partner of', reversed: false, probability: 0.9 }
        : undefined,
    );
    const chunk = await facts(new OfflineExtractor({ pairReader: reader }), PARTNER);
    assert.deepEqual(triples(chunk), [
      ['Priya Raman', 'lives in', 'Dublin'],
      ['Priya Raman', 'partner of', 'Cian Brady'],
    ]);
    const added = chunk.relations[1]!;
    assert.equal(added.confidence, 0.72);
    assert.equal(added.raw_predicate, 'lives in Dublin with the novelist');

    const reversed = new Recorder((c) =>
      c.first.name === 'Priya Raman'
        ? { canonical: 'partner of', reversed: true, probability: 0.9 }
        : undefined,
    );
    const back = await facts(new OfflineExtractor({ pairReader: reversed }), PARTNER);
    assert.deepEqual(triples(back)[1], ['Cian Brady', 'partner of', 'Priya Raman']);
  });

  it('puts a predicate of the vocabulary in place of words of the rules’ own', async () => {
    const text = 'Canberra lies within the Australian Capital Territory.';
    const rules = triples(await facts(new OfflineExtractor(), text));
    assert.ok(
      rules.some(([, p]) => p === 'lie within'),
      JSON.stringify(rules),
    );
    const reader = new Recorder((c) =>
      c.corrects ? { canonical: 'located in', reversed: false, probability: 0.9 } : undefined,
    );
    const chunk = await facts(new OfflineExtractor({ pairReader: reader }), text);
    const corrected = triples(chunk).find(([s]) => s === 'Canberra');
    assert.deepEqual(corrected, ['Canberra', 'located in', 'Australian Capital Territory']);
    const relation = chunk.relations.find((r) => chunk.entities[r.source]!.name === 'Canberra')!;
    assert.equal(relation.raw_predicate, 'lies within');
  });

  it('leaves the rules alone without a model, or with one the weights were not trained on', async () => {
    assert.equal(new OfflineExtractor().learned, false);
    assert.equal(LearnedRelations.for(undefined), undefined);
    assert.equal(LearnedRelations.for(fakeEmbedder('trove-ngram-hash-v1-1024', 1024).embedder), undefined);
    const standIn = { ...fakeEmbedder().embedder, fallback: { wanted: 'onnx:bge-small-en-v1.5-q' } };
    assert.equal(LearnedRelations.for(standIn as unknown as Embedder), undefined);
    assert.equal(new OfflineExtractor({ embedder: fakeEmbedder().embedder }).learned, true);
  });

  it('keeps the rules’ relations when the model fails', async () => {
    const failing = {
      ...fakeEmbedder().embedder,
      embedDocuments: () => Promise.reject(new Error('model process exited')),
    } as unknown as Embedder;
    const chunk = await facts(new OfflineExtractor({ embedder: failing }), PARTNER);
    assert.deepEqual(triples(chunk), [['Priya Raman', 'lives in', 'Dublin']]);
  });

  it('embeds each distinct text once per chunk, and not again while it is kept', async () => {
    const { embedder, calls } = fakeEmbedder();
    const extractor = new OfflineExtractor({ embedder });
    await facts(extractor, PARTNER);
    assert.equal(calls.length, 1);
    assert.equal(calls[0]!.length, new Set(calls[0]).size);
    await facts(extractor, PARTNER);
    assert.equal(calls.length, 1);
  });
});

describe('LearnedRelations', () => {
  it('embeds only the pairs of types the training data relates', async () => {
    const { embedder, calls } = fakeEmbedder();
    const reader = LearnedRelations.for(embedder, { ...RELATION_MODEL, typePairs: ['person person'] })!;
    const recorder = new Recorder();
    await facts(new OfflineExtractor({ pairReader: recorder }), PARTNER);
    const readings = await reader.read(recorder.seen);
    assert.equal(readings.length, 2);
    assert.deepEqual(calls, [['person lives in place with the novelist person']]);
  });
});

describe('RelationClassifier', () => {
  // Two classes over a 2-dimensional embedding and no other features.
  const int8 = (values: number[]) => Buffer.from(Int8Array.from(values).buffer).toString('base64');
  const model: RelationModel = {
    embedder: 'test',
    dimension: 2,
    classes: ['none', 'born in<'],
    weights: [int8([127, 0]), int8([0, 127])],
    scales: [4 / 127, 4 / 127],
    bias: [0, 0],
    threshold: 0.6,
  };
  const classifier = new RelationClassifier(model);

  it('reads the class the vector points to, with its direction', () => {
    const reading = classifier.reading(Float32Array.from([0, 1]), []);
    assert.equal(reading?.canonical, 'born in');
    assert.equal(reading?.reversed, true);
    assert.ok(Math.abs(reading!.probability - 1 / (1 + Math.exp(-4))) < 1e-6);
  });

  it('reads nothing for "none" or below the threshold', () => {
    assert.equal(classifier.reading(Float32Array.from([1, 0]), []), undefined);
    assert.equal(classifier.reading(Float32Array.from([0.5, 0.55]), []), undefined);
  });

  it('loads the trained weights: one row per class, over the embedding and the features', () => {
    const trained = new RelationClassifier(RELATION_MODEL);
    const p = trained.probabilities(
      new Float32Array(RELATION_MODEL.dimension),
      new Array(PAIR_FEATURES).fill(0),
    );
    assert.equal(p.length, RELATION_MODEL.classes.length);
    assert.ok(Math.abs(p.reduce((a, b) => a + b, 0) - 1) < 1e-6);
    assert.equal(RELATION_MODEL.classes[0], 'none');
  });
});
