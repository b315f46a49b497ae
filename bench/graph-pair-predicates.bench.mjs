#!/usr/bin/env node
// Benchmark: would the learned pair model do better adding only the predicates it reads well?
// Nested, so the choice never sees the set it is scored on: for each set of
// bench/data/graph-extraction.jsonl, the other sets are split into four folds; a model trained
// without the set and one fold reads that fold, which counts, per predicate, how many of the
// relations it adds are right. The predicates right at least `bar` of the time are kept; a model
// trained on every other set then reads the held-out set, and its relations of other predicates are
// dropped (the rules' are kept). bar 0 is the shipped behaviour. A learned relation is one whose
// confidence is under every rule's (docs/api.md), so dropping it afterwards is the same as never
// adding it.
//
//   node_modules/.bin/nx run @trove/domain-graph:build && node bench/graph-pair-predicates.bench.mjs
//   (~5 minutes on one core)
import graph from '@trove/domain-graph';
import { annotatedRows, isBlind, modelWithout, readRow, trainingTexts } from './lib/pair-training.mjs';

const { OfflineExtractor } = graph;
const BARS = [0, 0.31, 0.4, 0.5];
const FOLDS = 4;
const rows = annotatedRows();
const sets = [...new Set(rows.map((r) => r.set))];
const texts = await trainingTexts(rows);
const read = (model, row) => readRow(new OfflineExtractor({ pairModel: model }), row);

const totals = new Map();
const count = (name, bar, hits, got, want) => {
  const t = totals.get(`${name} ${bar}`) ?? { hits: 0, got: 0, want: 0 };
  t.hits += hits;
  t.got += got;
  t.want += want;
  totals.set(`${name} ${bar}`, t);
};
const started = performance.now();
for (const set of sets) {
  const others = sets.filter((s) => s !== set);
  const byPredicate = new Map();
  for (let f = 0; f < FOLDS; f++) {
    const fold = new Set(others.filter((_, i) => i % FOLDS === f));
    const { model } = modelWithout(texts, new Set([set, ...fold]));
    for (const row of rows.filter((r) => fold.has(r.set))) {
      const { want, read: relations } = await read(model, row);
      for (const r of relations.filter((r) => r.learned)) {
        const v = byPredicate.get(r.predicate) ?? { added: 0, right: 0 };
        v.added++;
        if (want.has(r.triple)) v.right++;
        byPredicate.set(r.predicate, v);
      }
    }
  }
  const { model } = modelWithout(texts, new Set([set]));
  for (const row of rows.filter((r) => r.set === set)) {
    const { want, read: relations } = await read(model, row);
    for (const bar of BARS) {
      const kept = new Set(
        relations
          .filter((r) => {
            const v = byPredicate.get(r.predicate);
            return !r.learned || bar === 0 || (v !== undefined && v.right / v.added >= bar);
          })
          .map((r) => r.triple),
      );
      const hits = [...kept].filter((t) => want.has(t)).length;
      for (const name of ['all', ...(isBlind(set) ? ['blind'] : [])])
        count(name, bar, hits, kept.size, want.size);
    }
  }
}
console.log(
  `Nested (${FOLDS} inner folds per held-out set): ${rows.length} texts, ${sets.length} sets, ` +
    `${((performance.now() - started) / 1000).toFixed(0)} s\n`,
);
console.log('| predicates kept | all: P / R, F1 | blind sets: P / R, F1 |');
console.log('| --- | ---: | ---: |');
const cell = (t) =>
  `${(t.hits / t.got).toFixed(3)} / ${(t.hits / t.want).toFixed(3)}, ${((2 * t.hits) / (t.got + t.want)).toFixed(4)}`;
for (const bar of BARS)
  console.log(
    `| ${bar === 0 ? 'all (shipped)' : `right ≥ ${bar} on the inner folds`} | ${cell(totals.get(`all ${bar}`))} | ${cell(totals.get(`blind ${bar}`))} |`,
  );
console.log('\nReproduce: node bench/graph-pair-predicates.bench.mjs');
