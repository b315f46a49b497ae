#!/usr/bin/env node
// Accurate mode's offline rerank by sentences (libs/domain/search/src/accurate/sentence-rerank.ts)
// on a SciFact train subcorpus: nDCG@10 of fast mode, then of fast mode's head rescored by each
// candidate's best sentence, per depth and weight, and accurate mode as the service runs it with
// and without the stage (same stores, same run), with its latency.
//
// The subcorpus (so that a slow machine indexes it in minutes): every document judged for the first
// --queries train queries, then the first --others documents of the corpus. Indexing, the service
// and the model are bench/lib/quality-stack.mjs's (the search service's defaults).
//
//   node_modules/.bin/nx run-many -t build --output-style=static
//   node bench/accurate-sentences.bench.mjs [--queries 150] [--others 1000] [--depth 20]
//
// Its effect on multi-hop questions: the HotpotQA bench with the setting, against 0 (the default):
//   SEARCH_ACCURATE_SENTENCES=10 node bench/quality-hotpotqa.bench.mjs --modes fast,accurate --alphas 0.8
//   (add --questions bench/data/graph-bridge.jsonl for the blind bridge set)
import { performance } from 'node:perf_hooks';
import search from '@trove/domain-search';
import { loadSciFact, sciFactSubcorpus } from './lib/quality-data.mjs';
import { argValue, indexTitledDocuments, openSearchStack, percentile } from './lib/quality-stack.mjs';
import { dedupe, f3, ndcgAt } from './lib/quality-metrics.mjs';

const QUERIES = Number(argValue('queries', '150'));
const OTHERS = Number(argValue('others', '1000'));
const DEPTH = Number(argValue('depth', '20'));
const SERVICE_DEPTH = 10;
const SERVICE_WEIGHT = 0.3;
const SCOPE = { tenant_id: 'scifact', sub_tenant_id: 'train' };
const started = performance.now();

const data = loadSciFact();
const queries = data.queries.slice(0, QUERIES);
const { docs, judged } = sciFactSubcorpus(data, queries, OTHERS);
const docOf = (chunkId) => chunkId.slice(0, chunkId.lastIndexOf('_'));
const ndcg = (lists) =>
  lists.reduce((sum, ids, q) => sum + ndcgAt(dedupe(ids, docOf), data.qrels.get(queries[q].id), 10), 0) /
  lists.length;

const stack = await openSearchStack({ defaultAlpha: 0.8 });
if (!stack.embedder.contextual) {
  console.error(
    `the embedder ${stack.embedder.modelId} is not a model: the stage does not run (fetch the model first)`,
  );
  process.exit(2);
}
const tIndex = performance.now();
await indexTitledDocuments(stack.service, SCOPE, docs);
const indexSeconds = (performance.now() - tIndex) / 1000;

const request = (query, extra = {}) => ({
  ...SCOPE,
  query,
  max_chunks: 100,
  alpha: 0.8,
  recency_bias: 0,
  num_related_chunks: 0,
  search_mode: 'sources',
  ...extra,
});

// Accurate mode as the service runs it, without the stage (the default) and with it.
const withSentences = stack.serviceWith({
  accurate: {
    hopsTimeoutMs: 2000,
    sentences: { depth: SERVICE_DEPTH, weight: SERVICE_WEIGHT },
    sentencesTimeoutMs: 60_000,
  },
});
const rows = [];
for (const [label, service, extra] of [
  ['fast', stack.service, {}],
  ['accurate (default: no sentences)', stack.service, { mode: 'accurate' }],
  [`accurate, sentences depth ${SERVICE_DEPTH} w ${SERVICE_WEIGHT}`, withSentences, { mode: 'accurate' }],
]) {
  const lists = [];
  const ms = [];
  for (const q of queries) {
    const t0 = performance.now();
    const result = await service.hybrid(request(q.text, extra));
    ms.push(performance.now() - t0);
    lists.push(result.chunks.map((c) => ({ id: c.chunk_uuid, score: c.relevancy_score })));
  }
  rows.push({
    label,
    lists,
    ndcg: ndcg(lists.map((l) => l.map((h) => h.id))),
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
  });
}

// Each fast head's sentence scores once (weight 1 leaves score = sentence), then blended per depth
// and weight as the stage blends them: (1 − w) · score + w · sentence over the first `depth`.
const fast = rows[0].lists;
const rerank = new search.SentenceRerank(stack.embedder, stack.chunks, { depth: DEPTH, weight: 1 });
const scope = { tenantId: SCOPE.tenant_id, subTenantId: SCOPE.sub_tenant_id };
const sentences = [];
for (const [i, q] of queries.entries()) {
  const scored = await rerank.rerank(scope, q.text, fast[i], new AbortController().signal);
  sentences.push(
    new Map(scored.filter((h) => h.parts?.sentence !== undefined).map((h) => [h.id, h.parts.sentence])),
  );
}
const grid = [];
for (const depth of [5, 10, 20].filter((d) => d <= DEPTH))
  for (const w of [0.1, 0.2, 0.3, 0.5, 0.7, 1]) {
    const lists = fast.map((list, q) => {
      const head = list
        .slice(0, depth)
        .map((h) => ({ id: h.id, s: (1 - w) * h.score + w * (sentences[q].get(h.id) ?? 0) }))
        .sort((a, b) => b.s - a.s);
      return [...head.map((h) => h.id), ...list.slice(depth).map((h) => h.id)];
    });
    grid.push({ depth, w, ndcg: ndcg(lists) });
  }

console.log(
  `SciFact train subcorpus: ${docs.length} documents (${judged} judged for the first ${queries.length} queries, ` +
    `then the first others), indexed in ${indexSeconds.toFixed(0)} s; embedder \`${stack.embedder.modelId}\`.\n`,
);
console.log('| run | nDCG@10 | p50 ms | p95 ms |\n|---|---:|---:|---:|');
for (const r of rows)
  console.log(`| ${r.label} | ${f3(r.ndcg)} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} |`);
console.log(`\nFast mode's head rescored by its best sentence (fast: ${f3(rows[0].ndcg)}):\n`);
console.log('| depth | w | nDCG@10 | Δ |\n|---:|---:|---:|---:|');
for (const g of grid)
  console.log(
    `| ${g.depth} | ${g.w} | ${f3(g.ndcg)} | ${g.ndcg >= rows[0].ndcg ? '+' : ''}${f3(g.ndcg - rows[0].ndcg)} |`,
  );
await stack.close();
console.log(`\nnode ${process.version}, ${((performance.now() - started) / 1000).toFixed(0)} s in all.`);
console.log(
  `Reproduce: node_modules/.bin/nx run-many -t build --output-style=static && node bench/accurate-sentences.bench.mjs ${process.argv.slice(2).join(' ')}`,
);
