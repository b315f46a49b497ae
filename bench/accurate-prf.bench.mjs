#!/usr/bin/env node
// Dense pseudo-relevance feedback, a candidate for accurate mode's offline stage (not in the
// service: it did not reach +0.01 nDCG@10 on SciFact; docs/benchmarks.md, Accurate mode).
// Fast mode's best 100 chunks are re-ranked by a blend of their fused score and their cosine to a
// query moved toward its first K results, q' = normalise(q + β · mean(v₁ … v_K)):
//   (1 − w) · score + w · cos(v, q')   (raw), or the cosine through the model's calibration (calib).
// Each line: mean nDCG@10 and, against fast mode, the mean per-query difference ± 1.96 standard
// errors (paired). The chunk vectors are the stored ones (nothing is embedded again).
//
//   node_modules/.bin/nx run-many -t build --output-style=static && node tools/fetch-model.mjs --all
//   node bench/accurate-prf.bench.mjs [--queries 150]   (a subcorpus: the queries' judged documents + 1,000 others)
//   node bench/accurate-prf.bench.mjs --full             (5,183 documents, 809 queries)
import embeddings from '@trove/embeddings';
import search from '@trove/domain-search';
import { f3, mean, pairedDifference as paired, unitVector as unit } from './lib/quality-metrics.mjs';
import { openSciFactCandidates, SCIFACT_INDEX_SCOPE as INDEX_SCOPE } from './lib/scifact-candidates.mjs';

const { queries, stack, ndcg, fastSearch } = await openSciFactCandidates();

const rows = [];
for (const q of queries) {
  const r = await fastSearch(q.text);
  const hits = r.chunks.map((c) => ({ id: c.chunk_uuid, score: c.relevancy_score }));
  const qv = await stack.embedder.embedQuery(q.text);
  const vec = await stack.vectors.vectorsOf(
    INDEX_SCOPE,
    'chunks',
    hits.map((h) => h.id),
  );
  if (hits.length > 0 && vec.size === 0) throw new Error('no stored vectors for the hits');
  rows.push({ q, hits, qv, vec });
}
const fast = rows.map(({ q, hits }) =>
  ndcg(
    hits.map((h) => h.id),
    q,
  ),
);
console.log(`fast mode nDCG@10 ${f3(mean(fast))}\n`);
console.log('| K | β | w | blend | nDCG@10 | − fast (paired, ±1.96 SE) |');
console.log('|---:|---:|---:|---|---:|---:|');
const calibration = stack.embedder.cosineCalibration;
for (const K of [1, 3, 5])
  for (const beta of [0.3, 0.5, 1])
    for (const w of [0.2, 0.4, 0.6])
      for (const how of ['raw', 'calib']) {
        const per = rows.map(({ q, hits, qv, vec }) => {
          const top = hits
            .slice(0, K)
            .map((h) => vec.get(h.id))
            .filter(Boolean);
          const moved = Float32Array.from(qv);
          for (const v of top) for (let i = 0; i < moved.length; i++) moved[i] += (beta / top.length) * v[i];
          const q2 = unit(moved);
          const reranked = hits
            .map((h) => {
              const v = vec.get(h.id);
              const c = v ? embeddings.dot(v, q2) : 0;
              return {
                id: h.id,
                s: (1 - w) * h.score + w * (how === 'calib' ? search.semanticScore(c, calibration) : c),
              };
            })
            .sort((a, b) => b.s - a.s);
          return ndcg(
            reranked.map((h) => h.id),
            q,
          );
        });
        console.log(`| ${K} | ${beta} | ${w} | ${how} | ${f3(mean(per))} | ${paired(fast, per)} |`);
      }
await stack.close();
console.log(`\nReproduce: node bench/accurate-prf.bench.mjs ${process.argv.slice(2).join(' ')}`);
