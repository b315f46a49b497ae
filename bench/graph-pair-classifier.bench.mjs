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
import { annotatedRows, REFERENCE_TIME, trainingTexts } from './lib/pair-training.mjs';

const { OfflineExtractor, keyOf, trainPairModel, pairModelToFile, pairModelFromFile, PAIR_THRESHOLD } = graph;
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const THRESHOLDS = arg('thresholds', String(PAIR_THRESHOLD)).split(',').map(Number);
const MIN_WEIGHT = arg('min-weight', undefined);
const rows = annotatedRows();
const sets = [...new Set(rows.map((r) => r.set))];
const SHOWN = arg(
  'sets',
  `all,blind,${sets
    .filter((s) => /^fresh-\d\d$/.test(s))
    .slice(-3)
    .join(',')}`,
).split(',');
/** Sets written blind by helpers and scored once before they were read (docs/benchmarks.md). */
const isBlind = (set) => /^fresh-(?:[5-9]|[1-9]\d)$/.test(set);

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
/** Learned relations have a confidence below this, every rule's above (docs/api.md). */
const LEARNED_BELOW = 0.46;
const byPredicate = new Map();
for (const set of sets) {
  const trained = trainPairModel(texts.filter((t) => t.set !== set).flatMap((t) => t.examples));
  const file =
    MIN_WEIGHT === undefined ? pairModelToFile(trained) : pairModelToFile(trained, Number(MIN_WEIGHT));
  sizes += JSON.stringify(file).length;
  const model = pairModelFromFile(file);
  const variants = [
    ['rules', new OfflineExtractor({ pairModel: null })],
    ...THRESHOLDS.map((th) => [String(th), new OfflineExtractor({ pairModel: model, pairThreshold: th })]),
  ];
  for (const row of rows.filter((r) => r.set === set)) {
    const want = new Set(row.triples.map(([s, p, t]) => JSON.stringify([keyOf(s), p, keyOf(t)])));
    for (const [variant, extractor] of variants) {
      const { chunks } = await extractor.extract({
        chunks: [{ chunk_id: 'c', text: row.text }],
        reference_time: REFERENCE_TIME,
      });
      const [{ entities, relations }] = chunks;
      const got = new Set(
        relations.map((r) =>
          JSON.stringify([
            keyOf(entities[r.source].name),
            r.canonical_predicate,
            keyOf(entities[r.target].name),
          ]),
        ),
      );
      count(variant, set, [...got].filter((t) => want.has(t)).length, got.size, want.size);
      // What the model adds, by predicate (its relations are the ones under every rule's confidence).
      for (const r of relations.filter((r) => variant !== 'rules' && r.confidence < LEARNED_BELOW)) {
        const t = JSON.stringify([
          keyOf(entities[r.source].name),
          r.canonical_predicate,
          keyOf(entities[r.target].name),
        ]);
        const k = `${variant} ${r.canonical_predicate}`;
        const v = byPredicate.get(k) ?? { added: 0, right: 0 };
        v.added++;
        if (want.has(t)) v.right++;
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
