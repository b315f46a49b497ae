#!/usr/bin/env node
// A second model's opinion on fast mode's head, a candidate for accurate mode's offline rerank (not
// in the service yet): on the SciFact train subcorpus of bench/accurate-sentences.bench.mjs, fast
// mode (the default model), then each query's best 20 chunks embedded whole by --model (default
// e5-small-v2-q) and blended, over the first `depth`: (1 − w)·score + w·s2, with s2 that model's
// cosine raw or calibrated (semanticScore). The second pass embeds chunks one at a time, cached.
//
//   node_modules/.bin/nx run-many -t build --output-style=static && node tools/fetch-model.mjs --all
//   node bench/accurate-ensemble.bench.mjs [--queries 150] [--others 1000] [--model e5-small-v2-q]
import { performance } from 'node:perf_hooks';
import embeddings from '@trove/embeddings';
import search from '@trove/domain-search';
import { loadSciFact, sciFactSubcorpus } from './lib/quality-data.mjs';
import { argValue, indexTitledDocuments, openSearchStack, percentile } from './lib/quality-stack.mjs';
import { dedupe, f3, ndcgAt } from './lib/quality-metrics.mjs';
const QUERIES = Number(argValue('queries', '150'));
const OTHERS = Number(argValue('others', '1000'));
const MODEL = argValue('model', 'e5-small-v2-q');
const SCOPE = { tenant_id: 'scifact', sub_tenant_id: 'train' };
const data = loadSciFact();
const queries = data.queries.slice(0, QUERIES);
const { docs, judged } = sciFactSubcorpus(data, queries, OTHERS);
const docOf = (id) => id.slice(0, id.lastIndexOf('_'));
const ndcg = (lists) =>
  lists.reduce((s, ids, q) => s + ndcgAt(dedupe(ids, docOf), data.qrels.get(queries[q].id), 10), 0) /
  lists.length;
const stack = await openSearchStack({ defaultAlpha: 0.8 });
const texts = await indexTitledDocuments(stack.service, SCOPE, docs);
console.log(`${docs.length} docs (${judged} judged) indexed; ${stack.embedder.modelId}`);
const fast = [];
for (const q of queries) {
  const r = await stack.service.hybrid({
    ...SCOPE,
    query: q.text,
    max_chunks: 100,
    alpha: 0.8,
    recency_bias: 0,
    num_related_chunks: 0,
    search_mode: 'sources',
  });
  fast.push(r.chunks.map((c) => ({ id: c.chunk_uuid, score: c.relevancy_score })));
}
console.log(`fast ${f3(ndcg(fast.map((l) => l.map((h) => h.id))))}`);
const second = await embeddings.createEmbedder({
  EMBEDDINGS_PROVIDER: 'onnx',
  EMBEDDINGS_MODEL: MODEL,
  EMBEDDINGS_REQUIRE_MODEL: 'true',
});
const calib = second.cosineCalibration;
console.log(`second model ${second.modelId} calib ${JSON.stringify(calib)}`);
const vec = new Map();
const cos = [];
const ms = [];
for (const [qi, q] of queries.entries()) {
  const t0 = performance.now();
  const qv = await second.embedQuery(q.text);
  const head = fast[qi].slice(0, 20);
  for (const h of head)
    if (!vec.has(h.id)) vec.set(h.id, (await second.embedDocuments([texts.get(h.id)]))[0]);
  cos.push(
    new Map(
      head.map((h) => {
        let s = 0;
        const v = vec.get(h.id);
        for (let i = 0; i < v.length; i++) s += v[i] * qv[i];
        return [h.id, s];
      }),
    ),
  );
  ms.push(performance.now() - t0);
}
console.log(`second-model pass p50 ${percentile(ms, 50).toFixed(0)} ms (cache grows)`);
for (const depth of [10, 20])
  for (const w of [0.1, 0.2, 0.3, 0.5, 0.7])
    for (const cal of ['calib', 'raw']) {
      const lists = fast.map((l, qi) => {
        const head = l
          .slice(0, depth)
          .map((h) => {
            const c = cos[qi].get(h.id);
            const s2 = cal === 'calib' ? search.semanticScore(c, calib) : c;
            return { id: h.id, s: (1 - w) * h.score + w * s2 };
          })
          .sort((a, b) => b.s - a.s);
        return [...head.map((h) => h.id), ...l.slice(depth).map((h) => h.id)];
      });
      console.log(`depth ${depth} w ${w} ${cal}: ${f3(ndcg(lists))}`);
    }
await second.close?.();
await stack.close();
