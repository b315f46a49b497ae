#!/usr/bin/env node
// Benchmark: the Elasticsearch vector adapter (dense_vector + filtered knn) against the embedded
// usearch index, in one run, on the same data: bulk insert rate (upserts of 256 vectors, each
// call returning once searchable), query p50/p99 at k = 10 inside one tenant while other
// tenants' vectors share the index, and recall@10 against exact cosine over that tenant's vectors.
// Elasticsearch runs once per dense_vector layout (index_options type), and each layout's
// searches are repeated for several num_candidates (per shard, for k = 10) and, when quantised,
// rescoring oversample factors.
//
//   bash tools/ensure-elasticsearch.sh        (a real Elasticsearch 8.19 from Maven Central)
//   nx run @trove/domain-search:build && node bench/elasticsearch-vectors.bench.mjs
//   node bench/elasticsearch-vectors.bench.mjs --n 20000 --dim 384 --queries 200 \
//     --layouts int8_hnsw,hnsw,int8_flat --candidates 50,100,200 --oversample 1,2,3 \
//     --others 4 --other-size 5000
//   ELASTICSEARCH_URL (default http://127.0.0.1:9200)
//
// Data: clustered unit vectors, as bench/vector-index.bench.mjs makes them (100 clusters, each
// spread mostly inside its own 24-d subspace, like text embeddings' low intrinsic dimension);
// queries are other points of the same clusters. Each run uses its own index prefix and deletes it.
// "segments" is the index's Lucene segment count when searched: each has its own graph, searched
// on its own, and the merges that reduce them run in the background.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Client } from '@elastic/elasticsearch';
import search from '@trove/domain-search';
import { clusteredUnitVectors } from './lib/vector-data.mjs';

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '20000' },
    dim: { type: 'string', default: '384' },
    queries: { type: 'string', default: '200' },
    layouts: { type: 'string', default: 'int8_hnsw,hnsw,int8_flat' },
    candidates: { type: 'string', default: '50,100,200' },
    oversample: { type: 'string', default: '1,2,3' },
    others: { type: 'string', default: '4' },
    'other-size': { type: 'string', default: '5000' },
  },
});
const N = Number(values.n);
const D = Number(values.dim);
const QUERIES = Number(values.queries);
const LAYOUTS = values.layouts.split(',');
const CANDIDATES = values.candidates.split(',').map(Number);
const OVERSAMPLE = values.oversample.split(',').map(Number);
const OTHERS = Number(values.others);
const OTHER_SIZE = Number(values['other-size']);
const BATCH = 256;
const K = 10;
const url = process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200';

// ---------------------------------------------------------------- data (deterministic)
const dataset = (n, d, seed) => clusteredUnitVectors(n, d, seed);
const row = (data, i) => data.subarray(i * D, (i + 1) * D);
function exactTop(data, q, k) {
  const scored = [];
  for (let i = 0; i < data.length / D; i++) {
    let s = 0;
    const o = i * D;
    for (let j = 0; j < D; j++) s += data[o + j] * q[j];
    scored.push([i, s]);
  }
  return scored
    .sort((a, b) => b[1] - a[1])
    .slice(0, k)
    .map(([i]) => `c${i}`);
}
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const data = dataset(N, D, 42);
const queries = dataset(QUERIES, D, 4242);
const truth = Array.from({ length: QUERIES }, (_, qi) => new Set(exactTop(data, row(queries, qi), K)));
const others = dataset(OTHERS * OTHER_SIZE, D, 5);
const model = { modelId: 'bench', dimension: D };
const scope = { tenantId: `bench-${randomUUID().slice(0, 8)}`, subTenantId: 'main' };
const items = (vectors, count, offset = 0) =>
  Array.from({ length: count }, (_, i) => ({
    id: `c${i}`,
    sourceId: `src-${i % 1000}`,
    kind: 'chunk',
    vector: row(vectors, offset + i),
  }));

/** Other tenants first (untimed), then the measured tenant in upserts of BATCH. */
async function load(index) {
  for (let t = 0; t < OTHERS; t++) {
    const other = { tenantId: `${scope.tenantId}-other-${t}`, subTenantId: 'main' };
    await index.ensureSpace(other.tenantId, 'chunks', model);
    const list = items(others, OTHER_SIZE, t * OTHER_SIZE);
    for (let i = 0; i < list.length; i += BATCH)
      await index.upsert(other, 'chunks', list.slice(i, i + BATCH));
  }
  await index.ensureSpace(scope.tenantId, 'chunks', model);
  const list = items(data, N);
  const t0 = performance.now();
  for (let i = 0; i < list.length; i += BATCH) await index.upsert(scope, 'chunks', list.slice(i, i + BATCH));
  return N / ((performance.now() - t0) / 1000);
}

/** p50, p99 (ms) and recall@10 of QUERIES searches, after 20 unmeasured ones. */
async function measure(index) {
  for (let qi = 0; qi < Math.min(20, QUERIES); qi++) await index.search(scope, 'chunks', row(queries, qi), K);
  const times = [];
  let hits = 0;
  for (let qi = 0; qi < QUERIES; qi++) {
    const t0 = performance.now();
    const found = await index.search(scope, 'chunks', row(queries, qi), K);
    times.push(performance.now() - t0);
    hits += found.filter((h) => truth[qi].has(h.id)).length;
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p99: pct(times, 99), recall: hits / (K * QUERIES) };
}

const rows = [];
const print = (r) =>
  console.log(
    `| ${r.name} | ${r.settings} | ${r.segments ?? ''} | ${r.insert ? Math.round(r.insert).toLocaleString('en') : '〃'} | ${r.recall.toFixed(3)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} |`,
  );

console.log(
  `\n# Vector index: Elasticsearch ${LAYOUTS.join(' / ')} vs embedded usearch\n\n` +
    `${N.toLocaleString('en')} ${D}-d vectors of one tenant, ${OTHERS} other tenants × ${OTHER_SIZE.toLocaleString('en')} in the same index; ` +
    `${QUERIES} queries at k = ${K} inside the tenant; recall@10 against exact cosine over the tenant's vectors; ` +
    `inserts in upserts of ${BATCH} (each returns once searchable).\n`,
);
console.log('| index | settings | segments | inserts/s | recall@10 | p50 ms | p99 ms |');
console.log('|---|---|---:|---:|---:|---:|---:|');

{
  const dir = mkdtempSync(join(tmpdir(), 'es-vectors-bench-'));
  const index = new search.UsearchVectorIndex({ dataDir: dir });
  try {
    const insert = await load(index);
    const r = { name: 'usearch (embedded)', settings: 'adapter defaults', insert, ...(await measure(index)) };
    rows.push(r);
    print(r);
  } finally {
    await index.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const client = new Client({ node: url });
const info = await client.info();
for (const layout of LAYOUTS) {
  const indexPrefix = `trove-vectors-bench-${randomUUID().slice(0, 8)}`;
  const open = (numCandidates, oversample) =>
    new search.ElasticsearchVectorIndex({ client, indexPrefix, layout, numCandidates, oversample });
  try {
    const writer = open();
    const insert = await load(writer);
    await writer.close();
    const indexName = `${indexPrefix}-chunks-${D}`;
    const segmentCount = async () =>
      (await client.cat.segments({ index: indexName, format: 'json' })).filter(
        (s) => Number(s['docs.count']) > 0,
      ).length;
    const segments = await segmentCount();
    let first = true;
    const quantised = layout.startsWith('int8');
    for (const numCandidates of layout.endsWith('flat') ? [CANDIDATES[0]] : CANDIDATES) {
      for (const oversample of quantised ? OVERSAMPLE : [1]) {
        const index = open(numCandidates, oversample);
        const settings =
          (layout.endsWith('flat') ? 'exact scan of the tenant' : `num_candidates ${numCandidates}`) +
          (quantised ? `, rescore oversample ${oversample}` : '');
        const r = {
          name: `ES ${layout}`,
          settings,
          segments,
          insert: first ? insert : 0,
          ...(await measure(index)),
        };
        first = false;
        rows.push(r);
        print(r);
        await index.close();
      }
    }
  } finally {
    // By name: the server refuses wildcard deletes.
    const names = Object.keys(
      await client.indices.get({ index: `${indexPrefix}-*`, allow_no_indices: true }),
    );
    if (names.length > 0) await client.indices.delete({ index: names.join(','), ignore_unavailable: true });
  }
}
await client.close();

console.log(
  `\nElasticsearch ${info.version.number} on ${url}; num_candidates is per shard for k = 10 (the adapter scales it with k). ` +
    `Reproduce: nx run @trove/domain-search:build && node bench/elasticsearch-vectors.bench.mjs --n ${N} --dim ${D} --queries ${QUERIES} ` +
    `--layouts ${LAYOUTS.join(',')} --candidates ${CANDIDATES.join(',')} --oversample ${OVERSAMPLE.join(',')} --others ${OTHERS} --other-size ${OTHER_SIZE}`,
);
