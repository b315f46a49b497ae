#!/usr/bin/env node
// Whole documents by their stored vectors, a candidate for accurate mode's offline stage (not in
// the service: it did not reach +0.01 nDCG@10 on SciFact; docs/benchmarks.md, Accurate mode).
// Fast mode's best 100 chunks, grouped by document; each of the first `depth` documents is
// re-scored by a blend of its best chunk's fused score and a cosine:
//   (1 − w) · score + w · cos(v, q'),   q' = normalise(q + β · mean(v₁ … v_K))
// where v is the document's vector, the normalised mean of all its chunks' stored vectors
// ("doc"), or its best chunk's own ("chunk"), and v₁ … v_K those of the first K documents (β 0:
// the query alone; β > 0: dense pseudo-relevance feedback on documents). Each line: nDCG@10 and,
// against fast mode, the mean per-query difference ± 1.96 standard errors (paired), on all queries
// and on the even and odd halves. Nothing is embedded but the queries.
//
//   node_modules/.bin/nx run-many -t build --output-style=static && node tools/fetch-model.mjs --all
//   node bench/accurate-documents.bench.mjs --full        (5,183 documents, 809 queries, ~6 min)
//   node bench/accurate-documents.bench.mjs [--queries 150]  (a subcorpus: their judged documents + 1,000 others)
import embeddings from '@trove/embeddings';
import { f3, mean, pairedDifference as paired, unitVector as unit } from './lib/quality-metrics.mjs';
import {
  docOf,
  openSciFactCandidates,
  SCIFACT_INDEX_SCOPE as INDEX_SCOPE,
} from './lib/scifact-candidates.mjs';

/** More chunks than any SciFact abstract has (about 2 on average). */
const MAX_CHUNKS = 12;
/** Documents whose vectors are read per query. */
const MAX_DEPTH = 30;
const { queries, stack, ndcg, fastSearch } = await openSciFactCandidates();

const rows = [];
for (const q of queries) {
  const r = await fastSearch(q.text);
  // The documents in fast mode's order, each at its best chunk.
  const documents = [];
  for (const c of r.chunks) {
    const doc = docOf(c.chunk_uuid);
    if (!documents.some((d) => d.doc === doc))
      documents.push({ doc, id: c.chunk_uuid, score: c.relevancy_score });
  }
  const ids = documents
    .slice(0, MAX_DEPTH)
    .flatMap(({ doc }) => Array.from({ length: MAX_CHUNKS }, (_, i) => `${doc}_${i}`));
  const stored = await stack.vectors.vectorsOf(INDEX_SCOPE, 'chunks', ids);
  if (documents.length > 0 && stored.size === 0) throw new Error('no stored vectors for the hits');
  for (const d of documents.slice(0, MAX_DEPTH)) {
    const own = ids.filter((id) => docOf(id) === d.doc && stored.has(id)).map((id) => stored.get(id));
    const sum = new Float32Array(own[0].length);
    for (const v of own) for (let i = 0; i < sum.length; i++) sum[i] += v[i];
    d.vectors = { doc: unit(sum), chunk: stored.get(d.id) };
  }
  rows.push({ q, documents, qv: await stack.embedder.embedQuery(q.text) });
}
await stack.close();

const fast = rows.map(({ q, documents }) =>
  ndcg(
    documents.map((d) => d.id),
    q,
  ),
);
const even = (xs) => xs.filter((_, i) => i % 2 === 0);
const odd = (xs) => xs.filter((_, i) => i % 2 === 1);
console.log(`fast mode nDCG@10 ${f3(mean(fast))}\n`);
console.log('| vector | depth | K | β | w | nDCG@10 | − fast, all | even half | odd half |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const level of ['doc', 'chunk'])
  for (const depth of [10, 20, 30])
    for (const [K, beta] of [
      [1, 0],
      [1, 0.3],
      [3, 0.3],
      [3, 0.6],
    ])
      for (const w of [0.1, 0.2, 0.3]) {
        const per = rows.map(({ q, documents, qv }) => {
          const moved = Float32Array.from(qv);
          const first = documents.slice(0, K);
          for (const d of first)
            for (let i = 0; i < moved.length; i++) moved[i] += (beta / first.length) * d.vectors[level][i];
          const q2 = unit(moved);
          const top = documents
            .slice(0, depth)
            .map((d) => ({ id: d.id, s: (1 - w) * d.score + w * embeddings.dot(d.vectors[level], q2) }))
            .sort((a, b) => b.s - a.s);
          return ndcg([...top.map((d) => d.id), ...documents.slice(depth).map((d) => d.id)], q);
        });
        console.log(
          `| ${level} | ${depth} | ${K} | ${beta} | ${w} | ${f3(mean(per))} | ${paired(fast, per)} | ` +
            `${paired(even(fast), even(per))} | ${paired(odd(fast), odd(per))} |`,
        );
      }
console.log(`\nReproduce: node bench/accurate-documents.bench.mjs ${process.argv.slice(2).join(' ')}`);
