#!/usr/bin/env node
// A second model's opinion on the head of the ranking, a candidate for accurate mode's offline
// rerank (not in the service: it did not hold on the full set; docs/benchmarks.md, Accurate mode).
// On SciFact train (a subcorpus, or with --full the whole corpus and every train query), fast mode
// and accurate mode (the default model, the service's defaults), then each query's best
// candidates embedded whole by each of --models (default e5-small-v2-q) and blended over the
// first `depth`:
//   raw / calib  (1 − w)·score + w·s2, s2 that model's cosine raw or calibrated (semanticScore);
//   rank         (1 − w)/(60 + r) + w/(60 + r2), r the rank so far and r2 the second model's.
// Each figure is the mean nDCG@10 and, against fast mode, the mean per-query difference ± 1.96
// standard errors (paired); --slice N also gives that difference over the first N queries alone.
// --hotpotqa also runs the pooled HotpotQA dev set (bench/quality-hotpotqa.bench.mjs's indexing,
// max_chunks 20) through the same blends: recall@2/@5 of the supporting titles, both in the top 5.
//
//   node_modules/.bin/nx run-many -t build --output-style=static && node tools/fetch-model.mjs --all
//   node bench/accurate-ensemble.bench.mjs [--queries 150] [--others 1000] [--models e5-small-v2-q]
//   node bench/accurate-ensemble.bench.mjs --full --hotpotqa --slice 150   (809 queries, 5,183 docs;
//     ~20 min on 2 shared cores: indexing ~11 min, the second model ~7 min)
//   [--depths 10,20] [--weights 0.3,0.5,0.6,0.7,0.8,1]
import { performance } from 'node:perf_hooks';
import embeddings from '@trove/embeddings';
import search from '@trove/domain-search';
import { loadHotpotQA, loadSciFact, sciFactSubcorpus } from './lib/quality-data.mjs';
import {
  argValue,
  hasFlag,
  indexTitledDocuments,
  mapLimit,
  openSearchStack,
  percentile,
  indexParagraph,
} from './lib/quality-stack.mjs';
import { dedupe, f3, ndcgAt } from './lib/quality-metrics.mjs';

const FULL = hasFlag('full');
const QUERIES = Number(argValue('queries', FULL ? '0' : '150'));
const OTHERS = Number(argValue('others', '1000'));
const MODELS = argValue('models', argValue('model', 'e5-small-v2-q')).split(',');
const HOTPOTQA = hasFlag('hotpotqa');
const SLICE = Number(argValue('slice', '0'));
const DEPTHS = argValue('depths', '10,20').split(',').map(Number);
const WEIGHTS = argValue('weights', '0.3,0.5,0.6,0.7,0.8,1').split(',').map(Number);
const SCOPE = { tenant_id: 'scifact', sub_tenant_id: 'train' };
const HOTPOT_SCOPE = { tenant_id: 'hotpotqa', sub_tenant_id: 'dev' };
const started = performance.now();
const seconds = (t0) => ((performance.now() - t0) / 1000).toFixed(1);

const data = loadSciFact();
const queries = QUERIES > 0 ? data.queries.slice(0, QUERIES) : data.queries;
const { docs, judged } = FULL
  ? { docs: data.docs, judged: new Set(queries.flatMap((q) => [...data.qrels.get(q.id)])).size }
  : sciFactSubcorpus(data, queries, OTHERS);
const docOf = (id) => id.slice(0, id.lastIndexOf('_'));
const perQueryNdcg = (lists) =>
  lists.map((ids, q) => ndcgAt(dedupe(ids, docOf), data.qrels.get(queries[q].id), 10));
const mean = (xs) => xs.reduce((a, x) => a + x, 0) / xs.length;
/** Mean of b − a, ± 1.96 standard errors of the paired differences (over the first `n`). */
function paired(a, b, n = a.length) {
  const d = a.slice(0, n).map((x, i) => b[i] - x);
  const m = mean(d);
  const sd = Math.sqrt(d.reduce((s, x) => s + (x - m) ** 2, 0) / Math.max(1, d.length - 1));
  return `${m >= 0 ? '+' : ''}${f3(m)} ± ${f3((1.96 * sd) / Math.sqrt(d.length))}`;
}

const stack = await openSearchStack({ defaultAlpha: 0.8 });
const t0 = performance.now();
const texts = await indexTitledDocuments(stack.service, SCOPE, docs);
console.log(
  `SciFact train: ${docs.length} docs${FULL ? ' (the whole corpus)' : ` (${judged} judged + ${OTHERS} others)`} → ` +
    `${texts.size} chunks, ${queries.length} queries; ${stack.embedder.modelId}; indexed in ${seconds(t0)} s`,
);

const request = (scope, query, maxChunks, extra = {}) => ({
  ...scope,
  query,
  max_chunks: maxChunks,
  alpha: 0.8,
  recency_bias: 0,
  num_related_chunks: 0,
  search_mode: 'sources',
  ...extra,
});
async function lists(service, scope, questions, maxChunks, extra) {
  const out = [];
  const ms = [];
  for (const q of questions) {
    const q0 = performance.now();
    const r = await service.hybrid(request(scope, q, maxChunks, extra));
    ms.push(performance.now() - q0);
    out.push({
      hits: r.chunks.map((c) => ({ id: c.chunk_uuid, score: c.relevancy_score, source: c.source_id })),
      report: r.accurate,
    });
  }
  return { lists: out, p50: percentile(ms, 50) };
}

const sciTexts = queries.map((q) => q.text);
const fast = await lists(stack.service, SCOPE, sciTexts, 100, {});
const accurate = await lists(stack.service, SCOPE, sciTexts, 100, { mode: 'accurate' });
const fastNdcg = perQueryNdcg(fast.lists.map((l) => l.hits.map((h) => h.id)));
const accNdcg = perQueryNdcg(accurate.lists.map((l) => l.hits.map((h) => h.id)));
console.log(
  `fast ${f3(mean(fastNdcg))} (p50 ${fast.p50.toFixed(1)} ms); accurate (service defaults) ${f3(mean(accNdcg))} ` +
    `${paired(fastNdcg, accNdcg)} (p50 ${accurate.p50.toFixed(1)} ms)`,
);

const maxDepth = Math.max(...DEPTHS);
let second; // the model of the current pass
let calib;
/** The second model's vectors of every chunk in any head, in batches; and of each query. */
async function secondPass(questions, heads, textOf) {
  const ids = [...new Set(heads.flatMap((l) => l.slice(0, maxDepth).map((h) => h.id)))];
  const p0 = performance.now();
  const vec = new Map();
  for (let i = 0; i < ids.length; i += 16) {
    const batch = ids.slice(i, i + 16);
    const vs = await second.embedDocuments(batch.map((id) => textOf(id)));
    batch.forEach((id, k) => vec.set(id, vs[k]));
  }
  const chunkMs = (performance.now() - p0) / Math.max(1, ids.length);
  const q0 = performance.now();
  const qv = [];
  for (const q of questions) qv.push(await second.embedQuery(q));
  const queryMs = (performance.now() - q0) / questions.length;
  return { vec, qv, chunks: ids.length, chunkMs, queryMs };
}

/** A list's head re-ranked by a blend with the second model, then the rest. */
function blend(list, qv, vec, depth, w, how) {
  const head = list.slice(0, depth).map((h, r) => ({ ...h, r, c: embeddings.dot(vec.get(h.id), qv) }));
  const byCos = [...head].sort((a, b) => b.c - a.c);
  const r2 = new Map(byCos.map((h, i) => [h.id, i]));
  const s = (h) =>
    how === 'rank'
      ? (1 - w) / (60 + h.r) + w / (60 + r2.get(h.id))
      : (1 - w) * h.score + w * (how === 'calib' ? search.semanticScore(h.c, calib) : h.c);
  const sorted = head.map((h) => ({ ...h, s: s(h) })).sort((a, b) => b.s - a.s);
  return [...sorted, ...list.slice(depth)];
}

const sciHeads = [...fast.lists, ...accurate.lists].map((l) => l.hits);
const passes = [];
for (const model of MODELS) {
  second = await embeddings.createEmbedder({
    EMBEDDINGS_PROVIDER: 'onnx',
    EMBEDDINGS_MODEL: model,
    EMBEDDINGS_REQUIRE_MODEL: 'true',
  });
  calib = second.cosineCalibration;
  const pass = await secondPass(sciTexts, sciHeads, (id) => texts.get(id));
  console.log(
    `\nsecond model ${second.modelId} (calibration ${JSON.stringify(calib)}): ${pass.chunks} chunks at ` +
      `${pass.chunkMs.toFixed(1)} ms each (batches of 16), a query ${pass.queryMs.toFixed(1)} ms; ` +
      `a search with ${maxDepth} cold chunks would spend ~${(pass.queryMs + maxDepth * pass.chunkMs).toFixed(0)} ms here\n`,
  );
  const sliceHead = SLICE > 0 ? ` first ${SLICE}: − fast |` : '';
  console.log(`| base | depth | w | blend | nDCG@10 | − fast (paired, ±1.96 SE) |${sliceHead}`);
  console.log(`|---|---:|---:|---|---:|---:|${SLICE > 0 ? '---:|' : ''}`);
  const grid = [];
  for (const [baseName, base] of [
    ['fast', fast],
    ['accurate', accurate],
  ])
    for (const depth of DEPTHS)
      for (const w of WEIGHTS)
        for (const how of ['raw', 'calib', 'rank']) {
          if (w === 1 && how !== 'raw') continue; // the second model alone: the same in all three
          const per = perQueryNdcg(
            base.lists.map((l, qi) => blend(l.hits, pass.qv[qi], pass.vec, depth, w, how).map((h) => h.id)),
          );
          grid.push({ baseName, depth, w, how, ndcg: mean(per) });
          console.log(
            `| ${baseName} | ${depth} | ${w} | ${w === 1 ? 'second model alone' : how} | ${f3(mean(per))} | ${paired(fastNdcg, per)} |` +
              (SLICE > 0 ? ` ${paired(fastNdcg, per, SLICE)} |` : ''),
          );
        }
  const best = [...grid].sort((a, b) => b.ndcg - a.ndcg).slice(0, 5);
  console.log(
    `\nBest on SciFact with ${second.modelId}: ${best.map((g) => `${g.baseName} d${g.depth} w${g.w} ${g.how} ${f3(g.ndcg)}`).join('; ')}`,
  );
  passes.push({ model, embedder: second });
}

if (HOTPOTQA) await hotpotqa();
for (const { embedder } of passes) await embedder.close?.();
await stack.close();
console.log(`\nnode ${process.version}, ${seconds(started)} s in all.`);
console.log(
  `Reproduce: node_modules/.bin/nx run-many -t build --output-style=static && node bench/accurate-ensemble.bench.mjs ${process.argv.slice(2).join(' ')}`,
);

async function hotpotqa() {
  const { paragraphs, questions } = loadHotpotQA();
  const titleOf = new Map();
  const chunkText = new Map();
  const now = new Date().toISOString();
  const h0 = performance.now();
  await mapLimit(paragraphs, 8, async (paragraph, i) => {
    const { sourceId, chunks } = await indexParagraph(stack.service, HOTPOT_SCOPE, paragraph, i, now);
    titleOf.set(sourceId, paragraph.title);
    for (const c of chunks) chunkText.set(c.chunk_uuid, c.text);
  });
  console.log(
    `\nHotpotQA dev pooled: ${questions.length} questions, ${paragraphs.length} paragraphs → ${chunkText.size} chunks, indexed in ${seconds(h0)} s`,
  );
  const qs = questions.map((q) => q.question);
  const hf = await lists(stack.service, HOTPOT_SCOPE, qs, 20, {});
  const ha = await lists(stack.service, HOTPOT_SCOPE, qs, 20, { mode: 'accurate' });
  const score = (ranked) => {
    let r2 = 0;
    let r5 = 0;
    let both5 = 0;
    ranked.forEach((hits, qi) => {
      const titles = dedupe(
        hits.map((h) => h.id.slice(0, h.id.lastIndexOf('_'))),
        (id) => id,
      ).map((id) => titleOf.get(id));
      const want = questions[qi].supportingTitles;
      const at = (k) => want.filter((t) => titles.slice(0, k).includes(t)).length;
      r2 += at(2) / want.length;
      r5 += at(5) / want.length;
      both5 += at(5) === want.length ? 1 : 0;
    });
    const n = ranked.length;
    return `${f3(r2 / n)} | ${f3(r5 / n)} | ${f3(both5 / n)}`;
  };
  for (const { embedder } of passes) {
    second = embedder;
    calib = embedder.cosineCalibration;
    const hp = await secondPass(
      qs,
      [...hf.lists, ...ha.lists].map((l) => l.hits),
      (id) => chunkText.get(id),
    );
    console.log(`\nSecond model ${embedder.modelId}:\n`);
    console.log(`| base | depth | w | blend | recall@2 | recall@5 | both in top 5 |`);
    console.log('|---|---:|---:|---|---:|---:|---:|');
    for (const [baseName, base] of [
      ['fast', hf],
      ['accurate', ha],
    ]) {
      console.log(`| ${baseName} | – | 0 | none | ${score(base.lists.map((l) => l.hits))} |`);
      for (const depth of DEPTHS)
        for (const w of WEIGHTS)
          for (const how of ['raw', 'calib', 'rank']) {
            if (w === 1 && how !== 'raw') continue;
            const ranked = base.lists.map((l, qi) => blend(l.hits, hp.qv[qi], hp.vec, depth, w, how));
            console.log(
              `| ${baseName} | ${depth} | ${w} | ${w === 1 ? 'second model alone' : how} | ${score(ranked)} |`,
            );
          }
    }
  }
}
