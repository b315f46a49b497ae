#!/usr/bin/env node
// Calibrates and tunes hybrid fusion for an embedding model, on the dev sets, in process and
// exactly (exact cosine over every vector, the prototype BM25 that ranks as the embedded index):
//
//  1. cosine distributions of related and unrelated query–text pairs (what relatedCosine and the
//     semantic score's calibration rest on);
//  2. retrieval quality of fusion variants: min–max (the old rule) and absolute scores
//     (a logistic of the cosine, a saturating BM25) at several alphas, on LoCoMo (recall@10,
//     one sub-tenant per conversation), HotpotQA pooled (recall@5 of supporting titles) and a
//     SciFact slice (nDCG@10: the judged docs of the first --scifact-queries train queries plus
//     --scifact-distractors random docs);
//  3. how high the best hit scores when nothing is relevant (LoCoMo questions asked of another
//     conversation) against when the evidence is found first: an absolute score must tell them apart.
//
// Vectors are cached in tmp/embedding-cache/ (by model and text hash), so a second run takes
// seconds. Evaluation data only from ../shared/data (TROVE_EVAL_DATA), never shipped.
//
//   node_modules/.bin/nx run-many -t build --output-style=static
//   node bench/fusion-calibration.bench.mjs [--model bge-small-en-v1.5-q] [--scifact-queries 300]
//        [--scifact-distractors 1500]
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
import embeddings from '@trove/embeddings';
import text from '@trove/text';
import { loadHotpotQA, loadLocomo, loadSciFact } from './lib/quality-data.mjs';
import { argValue } from './lib/quality-stack.mjs';
import { f3, minMax, ndcgAt, recallAt } from './lib/quality-metrics.mjs';
import { ExactCosine, PrototypeBm25 } from './lib/quality-bm25.mjs';

const MODEL = argValue('model', embeddings.DEFAULT_ONNX_MODEL);
const SCIFACT_QUERIES = Number(argValue('scifact-queries', '300'));
const SCIFACT_DISTRACTORS = Number(argValue('scifact-distractors', '1500'));
const N = 100;

// `--model hashing`: the offline fallback, for its own calibration.
const embedder = await embeddings.createEmbedder(
  MODEL === 'hashing'
    ? { EMBEDDINGS_PROVIDER: 'hashing' }
    : { EMBEDDINGS_MODEL: MODEL, EMBEDDINGS_THREADS: 2, EMBEDDINGS_REQUIRE_MODEL: 'true' },
);
console.log(`model ${embedder.modelId}`);

// ---- vectors, cached on disk ----
const cacheDir = join(import.meta.dirname, '..', 'tmp', 'embedding-cache');
mkdirSync(cacheDir, { recursive: true });
const cacheFile = join(cacheDir, `${MODEL}.jsonl`);
const cache = new Map();
if (existsSync(cacheFile)) {
  for (const line of readFileSync(cacheFile, 'utf8').split('\n')) {
    if (!line) continue;
    const [key, b64] = line.split('\t');
    const bytes = Buffer.from(b64, 'base64');
    cache.set(key, new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4));
  }
}
async function embed(texts, kind) {
  const keys = texts.map((t) => `${kind}:${createHash('sha256').update(t).digest('base64')}`);
  const missing = [...new Set(keys.map((k, i) => (cache.has(k) ? -1 : i)).filter((i) => i >= 0))];
  const started = Date.now();
  for (let i = 0; i < missing.length; i += 64) {
    const batch = missing.slice(i, i + 64);
    const vectors =
      kind === 'q'
        ? await Promise.all(batch.map((j) => embedder.embedQuery(texts[j])))
        : await embedder.embedDocuments(batch.map((j) => texts[j]));
    batch.forEach((j, n) => {
      cache.set(keys[j], vectors[n]);
      appendFileSync(
        cacheFile,
        `${keys[j]}\t${Buffer.from(vectors[n].buffer, vectors[n].byteOffset, vectors[n].byteLength).toString('base64')}\n`,
      );
    });
  }
  if (missing.length > 0)
    console.log(
      `  embedded ${missing.length} ${kind === 'q' ? 'queries' : 'texts'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  return keys.map((k) => cache.get(k));
}

// ---- one searchable collection: exact cosine + prototype BM25 ----
async function collection(docs) {
  const vectors = await embed(
    docs.map((d) => d.text),
    'd',
  );
  const cosine = new ExactCosine(
    docs.map((d) => d.id),
    vectors,
  );
  const bm25 = new PrototypeBm25(docs.map((d) => ({ id: d.id, terms: text.analyze(d.text) })));
  return {
    async lists(queries) {
      const qv = await embed(queries, 'q');
      const vectorOf = new Map(docs.map((d, i) => [d.id, vectors[i]]));
      return queries.map((q, i) => {
        const terms = text.analyze(q);
        const idfMass = [...new Set(terms)].reduce((a, t) => a + bm25.idf(t), 0);
        const keyword = bm25.search(terms, N);
        // Rocchio feedback: the query vector plus weight × the mean of the best keyword hits' vectors.
        const feedback = (docsN, weight) => {
          const top = keyword.slice(0, docsN);
          if (top.length === 0 || weight === 0) return cosine.search(qv[i], N);
          const v = Float32Array.from(qv[i]);
          for (const h of top) {
            const d = vectorOf.get(h.id);
            for (let j = 0; j < v.length; j++) v[j] += (weight / top.length) * d[j];
          }
          const norm = Math.hypot(...v);
          for (let j = 0; j < v.length; j++) v[j] /= norm;
          return cosine.search(v, N);
        };
        return { semantic: cosine.search(qv[i], N), keyword, idfMass, feedback };
      });
    },
  };
}

// ---- fusion variants ----
const logistic = (mid, t) => (cos) => 1 / (1 + Math.exp(-(cos - mid) / t));
const saturate = (idfMass) => (bm25) => (idfMass > 0 ? 1 - Math.exp(-bm25 / idfMass) : 0);
function fuseAbsolute(l, alpha, sem, kwK = 1) {
  const kw = saturate(l.idfMass * kwK);
  const scores = new Map();
  for (const h of l.semantic) scores.set(h.id, alpha * sem(h.score));
  for (const h of l.keyword) scores.set(h.id, (scores.get(h.id) ?? 0) + (1 - alpha) * kw(h.score));
  // A keyword-only candidate still has a cosine: the semantic list is cut at N, so it is below the
  // list's last; count it at that cosine's score (the service does the same with the cut-off).
  const floor = l.semantic.length > 0 ? sem(l.semantic[l.semantic.length - 1].score) : 0;
  for (const h of l.keyword)
    if (!l.semantic.some((s) => s.id === h.id)) scores.set(h.id, scores.get(h.id) + alpha * floor);
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score);
}
/**
 * Noisy-OR of the two calibrated scores, alpha as exponents: 1 − (1 − sem)^a · (1 − kw)^b with
 * a = alpha / max(alpha, 1 − alpha), b = (1 − alpha) / max(alpha, 1 − alpha): either signal alone
 * can make a hit relevant, both make it more so; alpha 1 is sem alone, 0 kw alone.
 */
function fuseNoisyOr(l, alpha, sem) {
  const top = Math.max(alpha, 1 - alpha);
  const a = alpha / top;
  const b = (1 - alpha) / top;
  const kw = saturate(l.idfMass);
  const semOf = new Map(l.semantic.map((h) => [h.id, sem(h.score)]));
  const floor = l.semantic.length > 0 ? sem(l.semantic[l.semantic.length - 1].score) : 0;
  const kwOf = new Map(l.keyword.map((h) => [h.id, kw(h.score)]));
  const ids = new Set([...semOf.keys(), ...kwOf.keys()]);
  return [...ids]
    .map((id) => ({ id, score: 1 - (1 - (semOf.get(id) ?? floor)) ** a * (1 - (kwOf.get(id) ?? 0)) ** b }))
    .sort((x, y) => y.score - x.score);
}
function fuseMinMax(l, alpha) {
  const s = minMax(l.semantic).map;
  const k = minMax(l.keyword).map;
  const ids = new Set([...s.keys(), ...k.keys()]);
  return [...ids]
    .map((id) => ({ id, score: alpha * (s.get(id) ?? 0) + (1 - alpha) * (k.get(id) ?? 0) }))
    .sort((a, b) => b.score - a.score);
}
const GRID = (argValue('grid', '') || '0.65:0.05,0.68:0.045,0.7:0.04')
  .split(',')
  .map((x) => x.split(':').map(Number));
const ALPHAS = argValue('alphas', '0.5,0.8').split(',').map(Number);
const withFeedback = (l, docsN, weight) => ({ ...l, semantic: l.feedback(docsN, weight) });
const VARIANTS = [
  ...ALPHAS.map((a) => ({ name: `min-max a${a}`, fuse: (l) => fuseMinMax(l, a) })),
  ...ALPHAS.flatMap((a) =>
    GRID.map(([mid, t]) => ({
      name: `abs a${a} mid${mid} t${t}`,
      fuse: (l) => fuseAbsolute(l, a, logistic(mid, t)),
    })),
  ),
  ...ALPHAS.flatMap((a) =>
    GRID.map(([mid, t]) => ({
      name: `noisy-or a${a} mid${mid} t${t}`,
      fuse: (l) => fuseNoisyOr(l, a, logistic(mid, t)),
    })),
  ),
  ...(process.argv.includes('--feedback') ? ALPHAS : []).flatMap((a) =>
    [
      [3, 0.5],
      [3, 1],
    ].map(([docsN, w]) => ({
      name: `abs a${a} mid${GRID[0][0]} t${GRID[0][1]} feedback ${docsN}x${w}`,
      fuse: (l) => fuseAbsolute(withFeedback(l, docsN, w), a, logistic(GRID[0][0], GRID[0][1])),
    })),
  ),
];

// ---- short texts: what memory retrieval's relatedCosine rests on (a sample of our own) ----
const SHORT_MEMORIES = [
  'I went hiking in the Alps last summer with my dog Rex.',
  "Alice: I'm flying to Lisbon next Friday for my brother's wedding.",
  'My favourite tea is genmaicha.',
  'I reset my bank password yesterday.',
  'Our boiler broke and the heating engineer comes Monday.',
  'I started learning the cello in January.',
];
const SHORT_RELATED = [
  'mountain walks with my pet',
  'when is the family celebration abroad',
  'what hot drink do I like',
  'did I change any account credentials',
  'who is repairing the house warming system',
  'which string instrument am I practising',
];
const SHORT_UNRELATED = [
  'quantum chromodynamics lattice gauge',
  'dog',
  'the',
  'stock market index futures',
  'photosynthesis in algae',
  'how to compile the linux kernel',
  'best pizza in Naples',
  'medieval castle architecture',
];
{
  const memories = await embed(SHORT_MEMORIES, 'd');
  const dot = (a, b) => a.reduce((sum, x, i) => sum + x * b[i], 0);
  const own = (await embed(SHORT_RELATED, 'q')).map((q, i) => dot(q, memories[i]));
  const best = (await embed(SHORT_UNRELATED, 'q')).map((q) => Math.max(...memories.map((m) => dot(q, m))));
  console.log(
    `\nShort texts: a memory against a question meaning it ${f3(Math.min(...own))}–${f3(Math.max(...own))}; ` +
      `the best memory for an unrelated query ${f3(Math.min(...best))}–${f3(Math.max(...best))}`,
  );
}

// ---- data sets ----
const results = new Map(VARIANTS.map((v) => [v.name, {}]));
const pct = (a, p) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(p * a.length))];

// LoCoMo
const convs = loadLocomo();
const related = [];
const unrelated = [];
const bestIfFound = new Map(VARIANTS.map((v) => [v.name, []]));
const bestIfNothing = new Map(VARIANTS.map((v) => [v.name, []]));
const locomoRecall = new Map(VARIANTS.map((v) => [v.name, []]));
const collections = [];
for (const conv of convs) {
  collections.push(await collection(conv.turns.map((t) => ({ id: t.diaId, text: t.text }))));
}
for (let c = 0; c < convs.length; c++) {
  const conv = convs[c];
  const lists = await collections[c].lists(conv.qa.map((q) => q.question));
  const other = await collections[(c + 1) % convs.length].lists(conv.qa.map((q) => q.question));
  conv.qa.forEach((qa, i) => {
    const evidence = new Set(qa.evidence);
    for (const h of lists[i].semantic.slice(0, 30)) (evidence.has(h.id) ? related : unrelated).push(h.score);
    for (const v of VARIANTS) {
      const ranked = v.fuse(lists[i]);
      locomoRecall.get(v.name).push(
        recallAt(
          ranked.map((h) => h.id),
          evidence,
          10,
        ),
      );
      if (ranked[0] && evidence.has(ranked[0].id)) bestIfFound.get(v.name).push(ranked[0].score);
      const none = v.fuse(other[i]);
      bestIfNothing.get(v.name).push(none[0]?.score ?? 0);
    }
  });
}
for (const v of VARIANTS) {
  const r = locomoRecall.get(v.name);
  results.get(v.name).locomo = r.reduce((a, x) => a + x, 0) / r.length;
}
console.log(`\nLoCoMo: cosine of evidence turns among the top 30 (related) and of the others (unrelated)`);
console.log(
  `  related   p10 ${f3(pct(related, 0.1))} p50 ${f3(pct(related, 0.5))} p90 ${f3(pct(related, 0.9))}`,
);
console.log(
  `  unrelated p50 ${f3(pct(unrelated, 0.5))} p90 ${f3(pct(unrelated, 0.9))} p99 ${f3(pct(unrelated, 0.99))}`,
);

// HotpotQA pooled
const hotpot = loadHotpotQA();
const hp = await collection(hotpot.paragraphs.map((p) => ({ id: p.title, text: p.text })));
const hpLists = await hp.lists(hotpot.questions.map((q) => q.question));
for (const v of VARIANTS) {
  let r = 0;
  hotpot.questions.forEach(
    (q, i) =>
      (r += recallAt(
        v.fuse(hpLists[i]).map((h) => h.id),
        new Set(q.supportingTitles),
        5,
      )),
  );
  results.get(v.name).hotpot = r / hotpot.questions.length;
}

// SciFact slice
const sf = loadSciFact();
const sfQueries = sf.queries.slice(0, SCIFACT_QUERIES);
const wanted = new Set(sfQueries.flatMap((q) => [...sf.qrels.get(q.id)]));
let seed = 11;
const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
while (wanted.size < SCIFACT_QUERIES + SCIFACT_DISTRACTORS && wanted.size < sf.docs.length) {
  wanted.add(sf.docs[Math.floor(random() * sf.docs.length)].id);
}
const sfDocs = sf.docs
  .filter((d) => wanted.has(d.id))
  .map((d) => ({ id: d.id, text: `${d.title}\n\n${d.text}` }));
console.log(`\nSciFact slice: ${sfQueries.length} queries over ${sfDocs.length} docs`);
const sfc = await collection(sfDocs);
const sfLists = await sfc.lists(sfQueries.map((q) => q.text));
for (const v of VARIANTS) {
  let n = 0;
  sfQueries.forEach(
    (q, i) =>
      (n += ndcgAt(
        v.fuse(sfLists[i]).map((h) => h.id),
        sf.qrels.get(q.id),
        10,
      )),
  );
  results.get(v.name).scifact = n / sfQueries.length;
}

console.log(
  `\n| fusion | LoCoMo R@10 | HotpotQA R@5 | SciFact slice nDCG@10 | best score, found first p50 | best score, nothing relevant p50 / p90 |`,
);
console.log(`|---|---:|---:|---:|---:|---:|`);
for (const v of VARIANTS) {
  const r = results.get(v.name);
  const found = bestIfFound.get(v.name);
  const nothing = bestIfNothing.get(v.name);
  console.log(
    `| ${v.name} | ${f3(r.locomo)} | ${f3(r.hotpot)} | ${f3(r.scifact)} | ${f3(pct(found, 0.5))} | ${f3(pct(nothing, 0.5))} / ${f3(pct(nothing, 0.9))} |`,
  );
}
await embedder.close();
