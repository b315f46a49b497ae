#!/usr/bin/env node
// Benchmark: pre-computed embeddings through HTTP on `standalone`:
//   - upload of 2000 × 1536 until verify-processing says completed (from the start of the upload
//     request to the poll that sees `completed`), p50 over --uploads runs; the same for the
//     largest legal upload (2000 × 3024), with its JSON size;
//   - search-raw-embeddings latency p50 / p99 at --vectors vectors of --dim dimensions in one
//     tenant (clustered data), one keep-alive connection, requests back to back; then the engine's
//     own time on the same data in the same run (UsearchVectorIndex opened on the data directory
//     standalone wrote, after it stopped); recall@10 of the answers against exact search.
//
//   npm run bench -- raw-embeddings               (builds first; ~5 min on 2 cores)
//   node bench/raw-embeddings.bench.mjs --vectors 20000 --queries 200   (quick)
//
// Options: --uploads 5 · --vectors 100000 · --dim 768 · --queries 500 · --recall-queries 200.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import search from '@trove/domain-search';
import testing from '@trove/testing';
import { mulberry32, percentile } from './lib/speed-data.mjs';

const { ApiClient, startStandalone } = testing;
const { UsearchVectorIndex } = search;

const { values: args } = parseArgs({
  options: {
    uploads: { type: 'string', default: '5' },
    vectors: { type: 'string', default: '100000' },
    dim: { type: 'string', default: '768' },
    queries: { type: 'string', default: '500' },
    'recall-queries': { type: 'string', default: '200' },
  },
});
const UPLOADS = Number(args.uploads);
const VECTORS = Number(args.vectors);
const DIM = Number(args.dim);
const QUERIES = Number(args.queries);
const RECALL_QUERIES = Math.min(Number(args['recall-queries']), QUERIES);
const BATCH = 2000;

const random = mulberry32(42);
const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
const round = (ms) => Math.round(ms * 100) / 100;
const pct = (values, p) =>
  percentile(
    [...values].sort((a, b) => a - b),
    p,
  );

/** rows × dim float32 values (as doubles, as numpy's tolist() gives them), around `centers`. */
function clustered(rows, dim, centers) {
  return Array.from({ length: rows }, () => {
    const center = centers[Math.floor(random() * centers.length)];
    return Array.from({ length: dim }, (_, c) => Math.fround(center[c] + 0.35 * gaussian()));
  });
}
const centersOf = (n, dim) => Array.from({ length: n }, () => Array.from({ length: dim }, gaussian));

const dataDir = mkdtempSync(join(tmpdir(), 'trove-bench-raw-'));
const rig = await startStandalone({ env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' } });
const admin = new ApiClient(rig.baseUrl, rig.adminKey);

async function createTenant(id) {
  const answer = await admin.post('/tenants/create', { json: { tenant_id: id } });
  if (answer.status !== 200) throw new Error(`tenant ${id}: ${JSON.stringify(answer.body)}`);
}

/** Uploads one batch and polls until completed; returns [ms to the upload answer, ms to completed]. */
async function uploadUntilSearchable(tenant, fileId, body) {
  const started = performance.now();
  const answer = await admin.post('/upload/upload_embeddings', {
    query: { tenant_id: tenant },
    raw: { body, contentType: 'application/json' },
  });
  if (answer.status !== 200)
    throw new Error(`upload ${fileId}: ${answer.status} ${JSON.stringify(answer.body)}`);
  const accepted = performance.now() - started;
  for (;;) {
    const status = await admin.post('/ingestion/verify-processing', {
      query: { tenant_id: tenant, file_id: fileId },
    });
    if (status.body.indexing_status === 'completed') return [accepted, performance.now() - started];
    if (status.status !== 200 || status.body.indexing_status === 'errored')
      throw new Error(JSON.stringify(status.body));
    await new Promise((r) => setTimeout(r, 10));
  }
}

const rows = [];
try {
  // 1. Time to searchable, 2000 × 1536 and 2000 × 3024.
  for (const [dim, runs] of [
    [1536, UPLOADS],
    [3024, Math.max(1, Math.ceil(UPLOADS / 2))],
  ]) {
    const tenant = `bench-${dim}`;
    await createTenant(tenant);
    const centers = centersOf(50, dim);
    const accepted = [];
    const searchable = [];
    let bytes = 0;
    for (let run = 0; run < runs; run++) {
      const body = JSON.stringify({ embeddings: clustered(BATCH, dim, centers), file_id: `batch-${run}` });
      bytes = body.length;
      const [a, s] = await uploadUntilSearchable(tenant, `batch-${run}`, body);
      accepted.push(a);
      searchable.push(s);
    }
    rows.push({
      measure: `upload 2000 × ${dim} (${(bytes / 1e6).toFixed(0)} MB JSON) until completed, ${runs} runs`,
      p50: round(pct(searchable, 50)),
      detail: `answer p50 ${round(pct(accepted, 50))} ms; max ${round(Math.max(...searchable))} ms`,
    });
  }

  // 2. Search at VECTORS × DIM in one tenant.
  const tenant = 'bench-search';
  await createTenant(tenant);
  const centers = centersOf(1000, DIM);
  const data = new Float32Array(VECTORS * DIM);
  for (let b = 0; b * BATCH < VECTORS; b++) {
    const batch = clustered(Math.min(BATCH, VECTORS - b * BATCH), DIM, centers);
    batch.forEach((row, r) => data.set(row, (b * BATCH + r) * DIM));
    await uploadUntilSearchable(
      tenant,
      `part-${b}`,
      JSON.stringify({ embeddings: batch, file_id: `part-${b}` }),
    );
  }
  const queries = clustered(QUERIES, DIM, centers);
  const idOf = (i) => `part-${Math.floor(i / BATCH)}_${i % BATCH}`;
  const http = [];
  const answers = [];
  for (const query of queries) {
    const started = performance.now();
    const found = await admin.post('/embeddings/search-raw-embeddings', {
      json: { tenant_id: tenant, query_embedding: query, limit: 10 },
    });
    http.push(performance.now() - started);
    if (found.status !== 200) throw new Error(JSON.stringify(found.body));
    answers.push(found.body.map((hit) => hit.chunk_id));
  }
  await rig.stop();

  // The engine alone, on the data standalone wrote.
  const index = new UsearchVectorIndex({ dataDir: join(dataDir, 'search', 'vectors') });
  const scope = { tenantId: tenant, subTenantId: tenant };
  await index.search(scope, 'raw', Float32Array.from(queries[0]), 10); // loads the shard
  const engine = [];
  for (const query of queries) {
    const vector = Float32Array.from(query);
    const started = performance.now();
    await index.search(scope, 'raw', vector, 10);
    engine.push(performance.now() - started);
  }
  await index.close();

  // Exact search for recall@10: cosine over every vector.
  const norms = new Float32Array(VECTORS);
  for (let i = 0; i < VECTORS; i++) {
    let s = 0;
    for (let c = 0; c < DIM; c++) s += data[i * DIM + c] ** 2;
    norms[i] = Math.sqrt(s);
  }
  let hits = 0;
  for (let q = 0; q < RECALL_QUERIES; q++) {
    const query = queries[q];
    const scores = new Float64Array(VECTORS);
    for (let i = 0; i < VECTORS; i++) {
      let s = 0;
      const o = i * DIM;
      for (let c = 0; c < DIM; c++) s += data[o + c] * query[c];
      scores[i] = s / norms[i];
    }
    const truth = [...scores.keys()]
      .sort((a, b) => scores[b] - scores[a])
      .slice(0, 10)
      .map(idOf);
    hits += answers[q].filter((id) => truth.includes(id)).length;
  }
  const recall = hits / (RECALL_QUERIES * 10);
  rows.push({
    measure: `search limit 10 at ${VECTORS.toLocaleString('en')} × ${DIM} in one tenant (HTTP), ${QUERIES} queries`,
    p50: round(pct(http, 50)),
    detail: `p99 ${round(pct(http, 99))} ms; engine p50 ${round(pct(engine, 50))} / p99 ${round(pct(engine, 99))} ms; recall@10 ${recall.toFixed(3)} (${RECALL_QUERIES} queries)`,
  });
} finally {
  await rig.dispose();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log('\n| measure | p50 ms | detail |\n|---|---:|---|');
for (const row of rows) console.log(`| ${row.measure} | ${row.p50} | ${row.detail} |`);
console.log(`\ncommand: node bench/raw-embeddings.bench.mjs ${process.argv.slice(2).join(' ')}`.trimEnd());
