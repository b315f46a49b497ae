import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { REFERENCE_TIME } from '../../../testing/read-text';
import { Discourse } from '../discourse';
import { Mention } from '../mentions';
import { OfflineExtractor } from '../offline-extractor';
import { LEARNED_CONFIDENCE_MAX } from './pair-relations';
import {
  NO_RELATION,
  PairExample,
  pairModelFromFile,
  pairModelToFile,
  probabilities,
  readPair,
  trainPairModel,
} from './pair-model';

// The learned pair model: its training, its file, and what the extractor does with the shipped
// one. The sentences are written for this file (none is in bench/data/graph-extraction.jsonl).

const examples: PairExample[] = [
  ...Array.from({ length: 6 }, () => ({ features: ['bias', 'b:found'], label: 'founded>' })),
  ...Array.from({ length: 6 }, () => ({ features: ['bias', 'b:found', 'b:by'], label: 'founded<' })),
  ...Array.from({ length: 12 }, () => ({ features: ['bias', 'b:and'], label: NO_RELATION })),
];

async function read(extractor: OfflineExtractor, text: string) {
  const { chunks } = await extractor.extract({
    chunks: [{ chunk_id: 'c', text }],
    reference_time: REFERENCE_TIME,
  });
  const [chunk] = chunks;
  return chunk!.relations.map((r) => ({
    triple: `${chunk!.entities[r.source]!.name} | ${r.canonical_predicate} | ${chunk!.entities[r.target]!.name}`,
    confidence: r.confidence,
  }));
}

describe('learned pair model', () => {
  it('learns a predicate and its direction, the same model from the same examples', () => {
    const model = trainPairModel(examples);
    assert.deepEqual(readPair(model, ['bias', 'b:found']).predicate, 'founded');
    assert.equal(readPair(model, ['bias', 'b:found']).forward, true);
    assert.equal(readPair(model, ['bias', 'b:found', 'b:by']).forward, false);
    assert.equal(readPair(model, ['bias', 'b:and']).predicate, undefined);
    assert.ok(readPair(model, ['bias', 'b:found']).probability > 0.8);
    assert.deepEqual(pairModelToFile(trainPairModel(examples), 0, 8), pairModelToFile(model, 0, 8));
  });

  it('keeps every probability through its file when no weight is left out', () => {
    const model = trainPairModel(examples);
    const loaded = pairModelFromFile(pairModelToFile(model, 0, 9));
    for (const features of [['bias', 'b:found'], ['bias', 'b:and', 'b:by'], ['unknown']]) {
      const [before, after] = [probabilities(model, features), probabilities(loaded, features)];
      before.forEach((p, c) =>
        assert.ok(Math.abs(p - after[c]!) < 1e-6, `${features.join(' ')}: ${p} ${after[c]}`),
      );
    }
    // Centred, the weights of the classes a feature does not tell apart are 0 and left out.
    const file = pairModelToFile(model, 0.05, 2);
    const and = file.weights.find(([feature]) => feature === 'b:and')!;
    assert.ok(and.length < 1 + 2 * file.classes.length, JSON.stringify(and));
  });

  it('refuses a file that is not a model', () => {
    assert.throws(() => pairModelFromFile({} as never), /not a pair model/);
    assert.throws(
      () => pairModelFromFile({ classes: [NO_RELATION, 'founded>'], weights: [['b:x', 7, 1.5]] }),
      /bad weight/,
    );
  });

  it('reads pairs the rules leave, with a confidence below every rule', async () => {
    // (Which pair the model reads shifts as it is retrained with the rules: a sentence it reads now.)
    const text = 'The Louvre is a museum in Paris that houses the Mona Lisa.';
    const rules = await read(new OfflineExtractor({ pairModel: null }), text);
    const shipped = await read(new OfflineExtractor(), text);
    assert.ok(!rules.some((r) => r.triple === 'Mona Lisa | located in | Louvre'));
    const learned = shipped.find((r) => r.triple === 'Mona Lisa | located in | Louvre');
    assert.ok(learned, shipped.map((r) => r.triple).join('; '));
    assert.ok(learned.confidence <= LEARNED_CONFIDENCE_MAX, String(learned.confidence));
    assert.ok(Math.min(...rules.map((r) => r.confidence)) >= 0.49);
    for (const r of rules) assert.ok(shipped.some((s) => s.triple === r.triple));
  });

  it("adds no relation where the rules read the sentence's predicate for either name", async () => {
    // A model that reads every pair as "the second name is located in the first".
    const everywhere = new OfflineExtractor({
      pairModel: pairModelFromFile({ classes: [NO_RELATION, 'located in<'], weights: [['bias', 1, 9]] }),
    });
    const news = await read(
      everywhere,
      'Halvard Group, the Bergen-based shipping firm, bought the ferry operator Zeevaart.',
    );
    assert.ok(news.some((r) => r.triple === 'Halvard Group | located in | Bergen'));
    // (Bergen is where Halvard Group is, by the rules' reading of this sentence.)
    assert.ok(!news.some((r) => r.triple === 'Zeevaart | located in | Bergen'), JSON.stringify(news));
    const other = await read(everywhere, 'Halvard Group met Bergen officials. Zeevaart sailed.');
    assert.ok(
      other.some((r) => r.triple === 'Bergen | located in | Halvard Group'),
      JSON.stringify(other),
    );
  });

  it('types nobody when it asks whom "she" stands for', () => {
    const discourse = new Discourse();
    const mention: Mention = {
      start: 0,
      end: 2,
      name: 'Ilse Varga',
      type: 'concept',
      evidence: 'none',
      identifier: null,
      keys: ['ilse varga'],
      aliases: [],
    };
    discourse.remember(mention);
    assert.equal(discourse.person(undefined, 'female', false, { adopt: false }), mention);
    assert.equal(mention.type, 'concept');
    assert.equal(discourse.person(undefined, 'female'), mention);
    assert.equal(mention.type, 'person');
  });
});
