#!/usr/bin/env node
// Benchmark: the offline extractor's learned pair model (libs/domain/graph/src/extraction/offline/
// learned), scored leave-one-set-out. For each set of bench/data/graph-extraction.jsonl, a model
// is trained on every other set (bench/lib/pair-training.mjs, as tools/train-pair-model.mjs trains
// the shipped one), cut down as the shipped file is (pairModelToFile), and the set's texts are
// extracted by OfflineExtractor with it and with the rules alone. Every figure is thus for texts
// the model could not have learned from; the shipped model, trained on them all, scores higher on
// them and is not what this reports.
//
//   node_modules/.bin/nx run @trove/domain-graph:build && node bench/graph-pair-classifier.bench.mjs
//   (~1.5 minutes; --thresholds 0.7,0.85,0.95 compares thresholds (the shipped one is
//   PAIR_THRESHOLD); --min-weight 0.5 the file's cut-off; --sets all,fresh-20 picks the rows)
import graph from '@trove/domain-graph';
import { annotatedRows, isBlind, modelWithout, readRow, trainingTexts } from './lib/pair-training.mjs';

const { OfflineExtractor, PAIR_THRESHOLD } = graph;
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const THRESHOLDS = arg('thresholds', String(PAIR_THRESHOLD)).split(',').map(Number);
const MIN_WEIGHT = arg('min-weight', undefined);
const minWeight = MIN_WEIGHT === undefined ? undefined : Number(MIN_WEIGHT);
const rows = annotatedRows();
const sets = [...new Set(rows.map((r) => r.set))];
const SHOWN = arg(
  'sets',
  `all,blind,${sets
    .filter((s) => /^fresh-\d\d$/.test(s))
    .slice(-3)
    .join(',')}`,
).split(',');

const started = performance.now();
const texts = await trainingTexts(rows);
const totals = new Map();
const count = (variant, set, hits, got, want) => {
  for (const name of ['all', set, ...(isBlind(set) ? ['blind'] : [])]) {
    const key = `${variant} ${name}`;
    const t = totals.get(key) ?? { hits: 0, got: 0, want: 0 };
    t.hits += hits;
    t.got += got;
    t.want += want;
    totals.set(key, t);
  }
};
let sizes = 0;
const byPredicate = new Map();
for (const set of sets) {
  const { model, bytes } = modelWithout(texts, new Set([set]), minWeight);
  sizes += bytes;
  const variants = [
    ['rules', new OfflineExtractor({ pairModel: null })],
    ...THRESHOLDS.map((th) => [String(th), new OfflineExtractor({ pairModel: model, pairThreshold: th })]),
  ];
  for (const row of rows.filter((r) => r.set === set)) {
    for (const [variant, extractor] of variants) {
      const { want, read } = await readRow(extractor, row);
      const got = new Set(read.map((r) => r.triple));
      count(variant, set, [...got].filter((t) => want.has(t)).length, got.size, want.size);
      // What the model adds, by predicate.
      for (const r of read.filter((r) => variant !== 'rules' && r.learned)) {
        const k = `${variant} ${r.predicate}`;
        const v = byPredicate.get(k) ?? { added: 0, right: 0 };
        v.added++;
        if (want.has(r.triple)) v.right++;
        byPredicate.set(k, v);
      }
    }
  }
}
console.log(
  `Leave one set out: ${rows.length} texts, ${sets.length} sets, ${texts.reduce((n, t) => n + t.examples.length, 0)} pairs, ` +
    `model files of ${(sizes / sets.length / 1024).toFixed(0)} KB on average, ` +
    `${((performance.now() - started) / 1000).toFixed(0)} s to train and score\n`,
);
const pr = (t) => `${(t.hits / t.got).toFixed(3)} / ${(t.hits / t.want).toFixed(3)}`;
console.log('| set | rules alone P / R | ' + THRESHOLDS.map((t) => `+ model, p ≥ ${t}`).join(' | ') + ' |');
console.log('| --- | ---: | ' + THRESHOLDS.map(() => '---:').join(' | ') + ' |');
for (const name of SHOWN) {
  const base = totals.get(`rules ${name}`);
  if (!base) continue;
  const cells = THRESHOLDS.map((th) => {
    const t = totals.get(`${th} ${name}`);
    const added = t.got - base.got;
    return `${pr(t)} (${added >= 0 ? '+' : ''}${added}, ${added > 0 ? ((t.hits - base.hits) / added).toFixed(2) : '-'} right)`;
  });
  const label = name === 'blind' ? 'fresh-5 to the last (written blind; the rules read most since)' : name;
  console.log(`| ${label} | ${pr(base)} | ${cells.join(' | ')} |`);
}
console.log('\nWhat the model adds, by predicate (added, right):\n');
for (const th of THRESHOLDS) {
  const rows = [...byPredicate]
    .filter(([k]) => k.startsWith(`${th} `))
    .sort((a, b) => b[1].added - a[1].added)
    .map(([k, v]) => `${k.slice(String(th).length + 1)} ${v.added}/${v.right}`);
  console.log(`p ≥ ${th}: ${rows.join(', ')}`);
}
console.log(`\nReproduce: node bench/graph-pair-classifier.bench.mjs ${process.argv.slice(2).join(' ')}`);
