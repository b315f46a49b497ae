// The learned pair model's training data (libs/domain/graph/src/extraction/offline/learned): every
// pair of names the extractor offers the model in an annotated text of
// bench/data/graph-extraction.jsonl, labelled with the annotated predicate and direction, or
// NONE. Shared by tools/train-pair-model.mjs (which writes the shipped model) and
// bench/graph-pair-classifier.bench.mjs (which scores it leave-one-set-out).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import graph from '@trove/domain-graph';

const { OfflineExtractor, keyOf, pairCandidates, pairFeatures, NO_RELATION } = graph;
export const ANNOTATED = resolve(import.meta.dirname, '../data/graph-extraction.jsonl');
export const REFERENCE_TIME = new Date('2026-01-01T00:00:00Z');

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
    for (const { first, second, tokens } of candidates) {
      const [a, b] = [keyOf(first.mention.name), keyOf(second.mention.name)];
      const pair = [a, b].sort().join('|');
      if (a === b || seen.has(pair)) continue;
      seen.add(pair);
      const label = want.find(([s, , t]) => (s === a && t === b) || (s === b && t === a));
      examples.push({
        features: pairFeatures(tokens, first, second),
        label: label ? `${label[1]}${label[0] === a ? '>' : '<'}` : NO_RELATION,
      });
    }
    texts.push({ set: row.set, examples });
  }
  return texts;
}
