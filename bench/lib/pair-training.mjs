// The learned pair model's training data (libs/domain/graph/src/extraction/offline/learned): every
// pair of names the extractor offers the model in an annotated text of
// bench/data/graph-extraction.jsonl, labelled with the annotated predicate and direction, or
// NONE; and how a model left without some sets is trained and scored. Shared by
// tools/train-pair-model.mjs (which writes the shipped model), bench/graph-pair-classifier.bench.mjs
// (which scores it leave-one-set-out) and bench/graph-pair-predicates.bench.mjs.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import graph from '@trove/domain-graph';

const {
  OfflineExtractor,
  keyOf,
  pairCandidates,
  pairFeatures,
  NO_RELATION,
  trainPairModel,
  pairModelToFile,
  pairModelFromFile,
  LEARNED_CONFIDENCE_MAX,
} = graph;
export const ANNOTATED = resolve(import.meta.dirname, '../data/graph-extraction.jsonl');
export const REFERENCE_TIME = new Date('2026-01-01T00:00:00Z');

/** Sets written blind by helpers and scored once before they were read (docs/benchmarks.md). */
export const isBlind = (set) => /^fresh-(?:[5-9]|[1-9]\d)$/.test(set);

export function annotatedRows(path = ANNOTATED) {
  return readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

/**
 * Each row's training pairs, `{ set, examples: [{ features, label }] }`: the first time a text
 * pairs two names (as pairCandidates offers them while the rules read the text), labelled
 * "works at>" when the annotation has the first name working at the second, "works at<" the
 * other way round, NONE when it relates them in no way.
 */
export async function trainingTexts(rows) {
  let candidates;
  const extractor = new OfflineExtractor({
    pairModel: null,
    onSentence(sentence, mentions, _found, discourse) {
      candidates.push(...pairCandidates(sentence, mentions, discourse));
    },
  });
  const texts = [];
  for (const row of rows) {
    candidates = [];
    await extractor.extract({ chunks: [{ chunk_id: 'c', text: row.text }], reference_time: REFERENCE_TIME });
    const want = row.triples.map(([s, p, t]) => [keyOf(s), p, keyOf(t)]);
    const seen = new Set();
    const examples = [];
    for (const candidate of candidates) {
      const { first, second } = candidate;
      const [a, b] = [keyOf(first.mention.name), keyOf(second.mention.name)];
      const pair = [a, b].sort().join('|');
      if (a === b || seen.has(pair)) continue;
      seen.add(pair);
      const label = want.find(([s, , t]) => (s === a && t === b) || (s === b && t === a));
      examples.push({
        features: pairFeatures(candidate),
        label: label ? `${label[1]}${label[0] === a ? '>' : '<'}` : NO_RELATION,
      });
    }
    texts.push({ set: row.set, examples });
  }
  return texts;
}

/**
 * A model trained on the texts of every set but those in `leftOut`, cut down as the shipped file
 * is (pairModelToFile's defaults unless `minWeight`), and its file's size in bytes.
 */
export function modelWithout(texts, leftOut, minWeight) {
  const trained = trainPairModel(texts.filter((t) => !leftOut.has(t.set)).flatMap((t) => t.examples));
  const file = pairModelToFile(trained, minWeight);
  return { model: pairModelFromFile(file), bytes: JSON.stringify(file).length };
}

/**
 * A row as an extractor reads it: the annotated triples, and each relation read as a triple of
 * resolution keys with its predicate and whether the pair model added it (its confidence is at
 * most LEARNED_CONFIDENCE_MAX, every rule's above).
 */
export async function readRow(extractor, row) {
  const { chunks } = await extractor.extract({
    chunks: [{ chunk_id: 'c', text: row.text }],
    reference_time: REFERENCE_TIME,
  });
  const [{ entities, relations }] = chunks;
  const want = new Set(row.triples.map(([s, p, t]) => JSON.stringify([keyOf(s), p, keyOf(t)])));
  const read = relations.map((r) => ({
    triple: JSON.stringify([
      keyOf(entities[r.source].name),
      r.canonical_predicate,
      keyOf(entities[r.target].name),
    ]),
    predicate: r.canonical_predicate,
    learned: r.confidence <= LEARNED_CONFIDENCE_MAX,
  }));
  return { want, read };
}
