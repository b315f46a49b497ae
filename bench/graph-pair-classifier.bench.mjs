#!/usr/bin/env node
// A candidate for the offline extractor, measured and not built (docs/benchmarks.md, Knowledge
// graph): a learned classifier that reads a relation between two names of one sentence where the
// rules read none. Each pair of names at most 15 words apart (a leading "he"/"she" standing for
// the person the text is about, "I"/"my" for the speaker) is described by its words: the names'
// types, the lemmas between them, the first verb between, two words on each side, the distance;
// a multinomial logistic regression (AdaGrad, 15 epochs, L2 1e-4, written here: it is a bench)
// learns which canonical predicate and direction it holds, or none, from the annotated texts of
// bench/data/graph-extraction.jsonl. Every set is scored by a model trained on all the others
// (leave one set out), so each figure is one that set's texts could not have shaped; the model's
// relations are added to the rules' when its probability reaches the threshold.
//
//   node_modules/.bin/nx run @trove/domain-graph:build && node bench/graph-pair-classifier.bench.mjs
//   (~1 minute; --thresholds 0.5,0.6,0.7,0.8; --sets all,fresh-20,fresh-21 picks the rows printed)
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import graph from '@trove/domain-graph';

const { OfflineExtractor, keyOf } = graph;
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const THRESHOLDS = arg('thresholds', '0.5,0.6,0.7,0.8').split(',').map(Number);
const MAX_DISTANCE = 15;
const rows = readFileSync(resolve(import.meta.dirname, 'data/graph-extraction.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line));
const sets = [...new Set(rows.map((r) => r.set))];
const SHOWN = arg(
  'sets',
  `all,blind,${sets
    .filter((s) => /^fresh-\d\d$/.test(s))
    .slice(-3)
    .join(',')}`,
).split(',');
/** Sets written blind by helpers and scored once before they were read (docs/benchmarks.md). */
const isBlind = (set) => /^fresh-(?:[5-9]|1\d|2\d)$/.test(set);

// Each text's sentences, as the extractor read them, and the rules' own relations.
const PRONOUNS = new Map([
  ['he', 'male'],
  ['she', 'female'],
]);
let sentences;
const extractor = new OfflineExtractor({
  onSentence(sentence, mentions, _found, discourse) {
    const names = mentions
      .filter((m) => m.type !== 'date')
      .map((m) => ({ start: m.start, end: m.end, key: keyOf(m.name), type: m.type, pronoun: false }));
    sentence.tokens.forEach((token, i) => {
      const stands = PRONOUNS.has(token.lower)
        ? discourse.person(undefined, PRONOUNS.get(token.lower))
        : token.lower === 'i' || token.lower === 'my'
          ? discourse.speaker
          : undefined;
      if (stands)
        names.push({ start: i, end: i + 1, key: keyOf(stands.name), type: stands.type, pronoun: true });
    });
    names.sort((a, b) => a.start - b.start);
    sentences.push({
      tokens: sentence.tokens.map((t) => ({ lemma: t.lemma.toLowerCase(), pos: t.pos })),
      names,
    });
  },
});
const texts = [];
for (const row of rows) {
  sentences = [];
  const { chunks } = await extractor.extract({
    chunks: [{ chunk_id: 'c', text: row.text }],
    reference_time: new Date('2026-01-01T00:00:00Z'),
  });
  const [chunk] = chunks;
  const rules = chunk.relations.map((r) => [
    keyOf(chunk.entities[r.source].name),
    r.canonical_predicate,
    keyOf(chunk.entities[r.target].name),
  ]);
  const want = row.triples.map(([s, p, t]) => [keyOf(s), p, keyOf(t)]);
  texts.push({ set: row.set, rules, want, pairs: pairsOf(sentences, rules, want) });
}

function features(tokens, a, b) {
  const types = `${a.type}-${b.type}`;
  const between = tokens.slice(a.end, b.start);
  const d = between.length;
  const f = [
    `T:${types}`,
    `D:${d <= 1 ? d : d <= 3 ? '2-3' : d <= 6 ? '4-6' : d <= 10 ? '7-10' : '11+'}`,
    'bias',
  ];
  let verb;
  for (const t of between) {
    if (t.pos === 'DET') continue;
    if (t.pos === 'PUNCT' && t.lemma !== ',') f.push(`bp:${t.lemma}`);
    else f.push(`b:${t.lemma}`, `${types}|b:${t.lemma}`);
    if (!verb && t.pos === 'VERB') verb = t.lemma;
  }
  f.push(verb ? `v:${verb}` : 'noverb');
  if (verb) f.push(`${types}|v:${verb}`);
  for (const k of [1, 2]) if (tokens[a.start - k]) f.push(`pre${k}:${tokens[a.start - k].lemma}`);
  for (const k of [0, 1]) if (tokens[b.end + k]) f.push(`post${k}:${tokens[b.end + k].lemma}`);
  if (d <= 3) f.push(`${types}|bw:${between.map((t) => t.lemma).join('_')}`);
  if (a.pronoun) f.push('apron');
  if (b.pronoun) f.push('bpron');
  return f;
}

/** A text's pairs of names: features, the annotated label ("works at>" reads first → second), and whether the rules related them. */
function pairsOf(sentences, rules, want) {
  const related = new Set(rules.map(([s, , t]) => [s, t].sort().join('|')));
  const seen = new Set();
  const pairs = [];
  for (const { tokens, names } of sentences) {
    for (let i = 0; i < names.length; i++)
      for (let j = i + 1; j < names.length; j++) {
        const [a, b] = [names[i], names[j]];
        if (a.key === b.key || b.start < a.end || b.start - a.end > MAX_DISTANCE) continue;
        const pair = [a.key, b.key].sort().join('|');
        if (seen.has(pair)) continue;
        seen.add(pair);
        const label = want.find(([s, , t]) => (s === a.key && t === b.key) || (s === b.key && t === a.key));
        pairs.push({
          a: a.key,
          b: b.key,
          f: features(tokens, a, b),
          y: label ? `${label[1]}${label[0] === a.key ? '>' : '<'}` : 'NONE',
          related: related.has(pair),
        });
      }
  }
  return pairs;
}

function train(examples) {
  const classes = [...new Set(examples.map((e) => e.y))].sort();
  const index = new Map(classes.map((c, i) => [c, i]));
  const weights = new Map();
  const squares = new Map();
  const row = (map, f) => map.get(f) ?? map.set(f, new Float64Array(classes.length)).get(f);
  const order = [...examples];
  for (let epoch = 0; epoch < 15; epoch++) {
    // A fixed shuffle: the same data trains the same model.
    for (let n = order.length - 1; n > 0; n--) {
      const k = Math.floor(Math.abs(Math.sin(n * 9301 + epoch * 49297)) * (n + 1));
      [order[n], order[k]] = [order[k], order[n]];
    }
    for (const e of order) {
      const p = probabilities({ classes, weights }, e.f);
      const y = index.get(e.y);
      for (const f of e.f) {
        const w = row(weights, f);
        const g = row(squares, f);
        for (let c = 0; c < classes.length; c++) {
          const grad = p[c] - (c === y ? 1 : 0) + 1e-4 * w[c];
          g[c] += grad * grad;
          w[c] -= (0.2 * grad) / Math.sqrt(g[c] + 1e-8);
        }
      }
    }
  }
  return { classes, weights };
}

function probabilities(model, f) {
  const z = new Float64Array(model.classes.length);
  for (const x of f) {
    const w = model.weights.get(x);
    if (w) for (let c = 0; c < z.length; c++) z[c] += w[c];
  }
  const max = Math.max(...z);
  let sum = 0;
  for (let c = 0; c < z.length; c++) sum += z[c] = Math.exp(z[c] - max);
  return z.map((v) => v / sum);
}

const totals = new Map();
const count = (name, threshold, hits, got, want) => {
  const key = `${name} ${threshold}`;
  const t = totals.get(key) ?? { hits: 0, got: 0, want: 0 };
  t.hits += hits;
  t.got += got;
  t.want += want;
  totals.set(key, t);
};
const started = performance.now();
for (const set of sets) {
  const model = train(texts.filter((t) => t.set !== set).flatMap((t) => t.pairs));
  for (const text of texts.filter((t) => t.set === set)) {
    const want = new Set(text.want.map((t) => JSON.stringify(t)));
    const read = text.pairs
      .filter((p) => !p.related)
      .map((p) => {
        const probs = probabilities(model, p.f);
        let best = 0;
        for (let c = 1; c < probs.length; c++) if (probs[c] > probs[best]) best = c;
        return { pair: p, label: model.classes[best], p: probs[best] };
      })
      .filter((r) => r.label !== 'NONE');
    for (const threshold of [0, ...THRESHOLDS]) {
      const got = new Set(text.rules.map((t) => JSON.stringify(t)));
      if (threshold > 0)
        for (const r of read.filter((r) => r.p >= threshold)) {
          const predicate = r.label.slice(0, -1);
          const { a, b } = r.pair;
          got.add(JSON.stringify(r.label.endsWith('>') ? [a, predicate, b] : [b, predicate, a]));
        }
      const hits = [...got].filter((t) => want.has(t)).length;
      for (const name of ['all', set, ...(isBlind(set) ? ['blind'] : [])])
        count(name, threshold, hits, got.size, want.size);
    }
  }
}
console.log(
  `Leave one set out: ${rows.length} texts, ${sets.length} sets, ${texts.reduce((n, t) => n + t.pairs.length, 0)} pairs, ` +
    `${((performance.now() - started) / 1000).toFixed(0)} s to train and score\n`,
);
console.log('| set | rules alone P / R | ' + THRESHOLDS.map((t) => `+ model, p ≥ ${t}`).join(' | ') + ' |');
console.log('| --- | ---: | ' + THRESHOLDS.map(() => '---:').join(' | ') + ' |');
const pr = (t) => `${(t.hits / t.got).toFixed(3)} / ${(t.hits / t.want).toFixed(3)}`;
for (const name of SHOWN) {
  if (!totals.has(`${name} 0`)) continue;
  const cells = THRESHOLDS.map((th) => {
    const t = totals.get(`${name} ${th}`);
    const base = totals.get(`${name} 0`);
    const added = t.got - base.got;
    return `${pr(t)} (+${added}, ${added ? ((t.hits - base.hits) / added).toFixed(2) : '-'} right)`;
  });
  console.log(
    `| ${name === 'blind' ? 'fresh-5 to the last (written blind; the rules read most since)' : name} | ${pr(totals.get(`${name} 0`))} | ${cells.join(' | ')} |`,
  );
}
console.log(`\nReproduce: node bench/graph-pair-classifier.bench.mjs ${process.argv.slice(2).join(' ')}`);
