#!/usr/bin/env node
// Benchmark: how much of the exact top 10 the embedded vector index (VectorShard: usearch HNSW,
// i8, graph of mean-centred vectors, candidates rescored from the f32 copy) returns, on
// memory-like corpora embedded with the offline default embedder; beside it, the same graph built
// denser (M = 24, M = 32), to show what each would buy at what insert cost.
//
//   node_modules/.bin/nx run-many -t build --output-style=static && node bench/vector-recall.bench.mjs
//   node bench/vector-recall.bench.mjs --size 30000 --queries 200
//
// Corpora (SciFact, from ../shared/data beside the clone, or SCIFACT_DIR):
//   - sentences: each memory one abstract sentence (40–400 characters): one fact per memory;
//   - stitched: each memory ~900 characters of random sentences from anywhere in the corpus, as
//     bench/retrieval-speed.bench.mjs loads them. Such mixtures all sit near the corpus average,
//     nearly equidistant from a query: the hard case for a proximity graph.
// Queries: SciFact train claims, embedded as the search service embeds a query without feedback
// (embedQuery). recall@10: share of the exact top 10 (cosine over every vector) in the index's
// top 10, the index asked for k = 50 as SearchService asks (candidateCount(10)).
import embeddings from '@trove/embeddings';
import text from '@trove/text';
import usearch from 'usearch';
import { centredForGraph } from '../libs/domain/search/dist/adapters/usearch/shard-graph.js';
import { VectorShard } from '../libs/domain/search/dist/adapters/usearch/vector-shard.js';
import { argValue } from './lib/quality-stack.mjs';
import { loadQueries, loadSentences, memoryAt } from './lib/speed-data.mjs';

const SIZE = Number(argValue('size', '30000'));
const QUERIES = Number(argValue('queries', '200'));
const K = 50;
const f3 = (x) => x.toFixed(3);

const embedder = new embeddings.NgramHashingEmbedder();
const sentences = loadSentences();
const queries = await Promise.all(
  loadQueries()
    .slice(0, QUERIES)
    .map((q) => embedder.embedQuery(q)),
);
const dot = (a, b) => {
  let d = 0;
  for (let i = 0; i < a.length; i++) d += a[i] * b[i];
  return d;
};

const corpora = [
  ['sentences (one fact per memory)', sentences.slice(0, SIZE)],
  [
    'stitched (~900 chars of random sentences)',
    Array.from({ length: SIZE }, (_, i) => text.chunkText(memoryAt('recall', i, sentences).raw_text)[0].text),
  ],
];

console.log(`\n# Vector index recall@10 against exact search (offline embedder, 1024-d)\n`);
console.log(
  `${QUERIES} SciFact claims per corpus; the index is asked for k = ${K} (SearchService's candidates for max_chunks 10) and its top 10 compared with the exact top 10.\n`,
);
console.log('| corpus | vectors | index | inserts/s | recall@10 | query p50 ms |');
console.log('|---|---:|---|---:|---:|---:|');
for (const [name, texts] of corpora) {
  const vectors = await embedder.embedDocuments(texts);
  const exact = queries.map((q) =>
    vectors
      .map((v, i) => [i, dot(v, q)])
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([i]) => i),
  );
  const recallOf = (topOf) => {
    let hits = 0;
    const times = [];
    queries.forEach((q, n) => {
      const t = process.hrtime.bigint();
      const top = topOf(q);
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
      const truth = new Set(exact[n]);
      for (const i of top) if (truth.has(i)) hits++;
    });
    times.sort((a, b) => a - b);
    return { recall: hits / (10 * queries.length), p50: times[Math.floor(times.length / 2)] };
  };

  // The index as shipped, fed in batches of 16 (the memory service's batches under load).
  const shard = new VectorShard(vectors[0].length);
  let t = process.hrtime.bigint();
  for (let i = 0; i < vectors.length; i += 16) {
    shard.put(
      vectors
        .slice(i, i + 16)
        .map((unit, k) => ({ id: String(i + k), sourceId: String(i + k), kind: 'm', unit })),
    );
  }
  const shippedRate = vectors.length / (Number(process.hrtime.bigint() - t) / 1e9);
  const shipped = recallOf((q) =>
    shard
      .search(q, K)
      .slice(0, 10)
      .map((h) => Number(h.id)),
  );
  console.log(
    `| ${name} | ${vectors.length} | VectorShard as shipped (M 16, ef_add 64) | ${Math.round(shippedRate)} | ${f3(shipped.recall)} | ${shipped.p50.toFixed(2)} |`,
  );

  // Other settings, same centring, batches and rescoring, fetching what VectorShard fetches for k = 50.
  for (const [label, connectivity, expansionAdd] of [
    ['M 24, ef_add 96', 24, 96],
    ['M 32, ef_add 128', 32, 128],
  ]) {
    const graph = new usearch.Index({
      dimensions: vectors[0].length,
      metric: usearch.MetricKind.IP,
      quantization: usearch.ScalarKind.I8,
      connectivity,
      expansion_add: expansionAdd,
      expansion_search: 256,
      multi: false,
    });
    t = process.hrtime.bigint();
    for (let i = 0; i < vectors.length; i += 16) {
      const batch = vectors.slice(i, i + 16);
      const block = new Float32Array(batch.length * vectors[0].length);
      batch.forEach((v, k) => centredForGraph(v, block, k * v.length));
      graph.add(
        BigUint64Array.from(batch, (_, k) => BigInt(i + k)),
        block,
        1,
      );
    }
    const rate = vectors.length / (Number(process.hrtime.bigint() - t) / 1e9);
    const query = new Float32Array(vectors[0].length);
    const result = recallOf((q) => {
      centredForGraph(q, query);
      return [...graph.search(query, 2 * K + 16, 1).keys]
        .map(Number)
        .map((i) => [i, dot(vectors[i], q)])
        .sort((a, b) => b[1] - a[1])
        .slice(0, 10)
        .map(([i]) => i);
    });
    console.log(
      `| ${name} | ${vectors.length} | ${label} | ${Math.round(rate)} | ${f3(result.recall)} | ${result.p50.toFixed(2)} |`,
    );
  }
}
console.log(`\nReproduce: node bench/vector-recall.bench.mjs --size ${SIZE} --queries ${QUERIES}`);
